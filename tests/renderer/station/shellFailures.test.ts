import { describe, expect, it, vi } from 'vitest';
import { followShellFailures } from '../../../src/renderer/station/shellFailures.js';
import { initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { FakeBridge, silentLog } from '../support/fakes.js';
import i18next from 'i18next';

describe("the shell's CommandFailed", () => {
  it('a failed launch or OS action reaches the customer as a clear, translated error', () => {
    initI18n();
    const bridge = new FakeBridge();
    const shown: string[] = [];
    const stop = followShellFailures({ bridge, notifyError: (key) => shown.push(i18next.t(key)), log: silentLog });
    bridge.receive({ command: 'CommandFailed', failed: 'Launch', message: 'ENOENT steam.exe' });
    bridge.receive({ command: 'CommandFailed', failed: 'SystemRestart', message: 'access denied' });
    bridge.receive({ command: 'StartUpCompleted' });
    // A screenshot staff asked for that failed is not the customer's business (issue 24): no toast.
    bridge.receive({ command: 'CommandFailed', failed: 'ScreenShot', message: 'The screen could not be captured: no display' });
    expect(shown).toEqual([
      'The game could not be started. Please try again or ask staff for help.',
      'The station could not complete that action. Please try again or ask staff for help.',
    ]);
    stop();
    bridge.receive({ command: 'CommandFailed', failed: 'Launch', message: 'again' });
    expect(shown).toHaveLength(2);
  });

  it('the Arabic catalog says it too', async () => {
    initI18n();
    const bridge = new FakeBridge();
    const notifyError = vi.fn();
    followShellFailures({ bridge, notifyError, log: silentLog });
    bridge.receive({ command: 'CommandFailed', failed: 'Launch', message: 'x' });
    await i18next.changeLanguage('ar');
    try {
      expect(i18next.t(notifyError.mock.calls[0]![0])).toBe('تعذّر تشغيل اللعبة. يرجى المحاولة مرة أخرى أو طلب المساعدة من الموظفين.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
