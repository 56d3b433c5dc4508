/** The operator CLI's profile commands (issue 13): parsing, and each command against a real server. */
import { describe, expect, it } from 'vitest';
import { AdminClient } from '../../src/server/cli/client.js';
import { parseProfileArgs, runProfileCommand } from '../../src/server/cli/profile-commands.js';
import { UsageError } from '../../src/server/config/argv.js';
import { useServer } from './support/server.js';
import { adminToken } from './support/harness.js';

describe('parseProfileArgs', () => {
  it('parses the profile commands and leaves every other command alone', () => {
    expect(parseProfileArgs(['claims', '--all'])?.profile).toEqual({ name: 'claims', all: true });
    expect(parseProfileArgs(['claims', 'deliver', 'clm_1'])?.profile).toEqual({ name: 'claims deliver', id: 'clm_1' });
    expect(parseProfileArgs(['tiers', 'edit', 'tier_1', '--xp', '1.5', '--nfc', 'no'])?.profile).toEqual({
      name: 'tiers edit',
      id: 'tier_1',
      changes: { xpMultiplier: 1.5, hasNfcAccess: false },
    });
    expect(parseProfileArgs(['prepaid', 'generate', '--count', '10', '--amount', '5000'])?.profile).toEqual({ name: 'prepaid generate', count: 10, amount: 5000, label: undefined });
    expect(parseProfileArgs(['rewards', 'add', '--name', 'Cola', '--xp', '500'])?.profile).toMatchObject({ reward: { name: 'Cola', requiredXp: 500, kind: 'standard' } });
    expect(parseProfileArgs(['stations'])).toBeNull();
    expect(parseProfileArgs(['orders', 'approve', '1'])).toBeNull();
  });

  it.each([
    [['tiers', 'edit', 'tier_1'], /at least one flag/],
    [['tiers', 'edit', 'tier_1', '--nfc', 'maybe'], /yes or no/],
    [['prepaid', 'generate', '--count', '10'], /needs --count and --amount/],
    [['prepaid', 'generate', '--count', '0', '--amount', '5'], /count/],
    [['rewards', 'add', '--name', 'X', '--xp', '5', '--event'], /--benefit and --ends/],
    [['claims', 'deliver'], /takes <id>/],
    [['prepaid', 'print'], /unknown command 'prepaid print'/],
  ])('%j → usage error %s', (argv, message) => {
    expect(() => parseProfileArgs(argv)).toThrow(UsageError);
    expect(() => parseProfileArgs(argv)).toThrow(message);
  });
});

describe('running them', () => {
  const t = useServer({ per: 'file' });
  const run = async (...argv: string[]) => {
    const invocation = parseProfileArgs(['--server', t.url, ...argv], { SPAWNPOINT_ADMIN_PASSWORD: 'admin123' });
    if (!invocation) throw new Error('not a profile command');
    return runProfileCommand(new AdminClient(invocation.server, { ...invocation, token: await adminToken(t.url) }), invocation.profile);
  };

  it('lists tiers and rewards, edits a tier, generates a prepaid batch and lists its cards', async () => {
    expect(await run('tiers')).toMatch(/Silver\s+3\s+1\.25/);
    expect(await run('rewards')).toContain('Free energy drink');
    const silver = /(tier_\w+)\s+Silver/.exec(await run('tiers'))?.[1];
    expect(await run('tiers', 'edit', silver!, '--reserve', 'yes', '--hours', '2')).toContain("'Silver' updated");
    const generated = await run('prepaid', 'generate', '--count', '2', '--amount', '3000', '--label', 'Friday night');
    const codes = generated.split('\n').slice(1);
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^RC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const batch = /Batch (pcb_\w+)/.exec(generated)?.[1];
    expect(await run('prepaid')).toContain('Friday night');
    // The codes were printed once: the listing names each card by its last group.
    const listing = await run('prepaid', 'cards', batch!);
    expect(listing).toContain(`RC-…-${codes[0]!.slice(-4)}`);
    expect(listing).not.toContain(codes[0]!);
    expect(await run('claims')).toBe('No reward claims waiting');
  });
});
