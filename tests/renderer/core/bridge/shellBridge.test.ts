/** Typed shell messages: bridge.on('AppLaunched', handler) gets only that command, narrowed. */
import { describe, expect, it } from 'vitest';
import { FakeBridge, silentLog } from '../../support/fakes.js';

describe('ShellBridge', () => {
  it('hands each handler only its own command; unsubscribing stops it', () => {
    const bridge = new FakeBridge();
    const launched: string[] = [];
    const failed: string[] = [];
    const off = bridge.on('AppLaunched', (message) => launched.push(message.JsonID));
    bridge.on('CommandFailed', (message) => failed.push(`${message.failed}: ${message.message}`));
    bridge.receive({ command: 'AppLaunched', JsonID: 'game-cs2' });
    bridge.receive({ command: 'CommandFailed', failed: 'Launch', message: 'not installed' });
    bridge.receive({ command: 'StartUpCompleted' });
    off();
    bridge.receive({ command: 'AppLaunched', JsonID: 'game-dota' });
    expect(launched).toEqual(['game-cs2']);
    expect(failed).toEqual(['Launch: not installed']);
  });

  it('a handler that throws does not stop the others', () => {
    const bridge = new FakeBridge();
    const seen: string[] = [];
    bridge.on('AdminLogout', () => {
      throw new Error('boom');
    });
    bridge.on('AdminLogout', () => seen.push('second'));
    const original = console.error;
    console.error = silentLog.error;
    try {
      bridge.receive({ command: 'AdminLogout' });
    } finally {
      console.error = original;
    }
    expect(seen).toEqual(['second']);
  });
});
