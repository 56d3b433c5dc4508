/** SPEC §9 timing rules of the front door, with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NfcLoginFlow, type NfcModalState } from '../../../../src/renderer/front-door/nfc/nfcLoginFlow.js';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { FakeBridge } from '../../support/fakes.js';
import { englishText } from '../../../../src/renderer/core/i18n/uiMessage.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('NFC login flow', () => {
  function setup(login: (uid: string, done: () => Promise<void>) => Promise<void>) {
    const bridge = new FakeBridge();
    const states: NfcModalState[] = [];
    const onClose = vi.fn();
    const flow = new NfcLoginFlow({ bridge, login, onChange: (s) => states.push(s), onClose });
    return { bridge, states, onClose, flow };
  }

  it('enables the reader while open, logs in on a tap, closes 1.5 s after success, disables on close', async () => {
    let started = false;
    const { bridge, states, onClose, flow } = setup(async (_uid, done) => {
      await done();
      started = true;
    });
    flow.open();
    expect(bridge.commands()).toEqual(['NFC_ENABLE']);
    bridge.receive({ command: 'NFC_LOGIN', ID: '04A1B2C3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.map((s) => s.phase)).toEqual(['waiting', 'authenticating', 'success']);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(onClose).not.toHaveBeenCalled();
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    flow.close();
    expect(bridge.commands()).toEqual(['NFC_ENABLE', 'NFC_DISABLE']);
  });

  it('maps 401, 403 and anything else, and Try Again returns to waiting', async () => {
    const errors = [new ApiError('x', 'http', 401), new ApiError('x', 'http', 403), new ApiError('x', 'network')];
    const { bridge, states, flow } = setup(() => Promise.reject(errors.shift()!));
    flow.open();
    for (const expected of ['error.nfc.notFound', 'error.nfc.forbidden', 'error.nfc.default']) {
      bridge.receive({ command: 'NFC_LOGIN', ID: 'AA' });
      await vi.advanceTimersByTimeAsync(0);
      expect(states.at(-1)).toEqual({ phase: 'error', message: { key: expected } });
      // A tap while showing the error is ignored until Try Again.
      flow.tryAgain();
      expect(states.at(-1)).toEqual({ phase: 'waiting' });
    }
    flow.close();
  });
});

describe('NFC login refused by a 2xx (issue 24)', () => {
  it("a success:false without words, or an answer with no login: 'Unable to authenticate with this NFC card'; the server's own words when it gave some", async () => {
    const { nfcErrorMessage } = await import('../../../../src/renderer/front-door/authErrors.js');
    expect(nfcErrorMessage(new ApiError('Request refused', 'http', 200, 'OK'))).toEqual({ key: 'error.nfc.unable' });
    expect(nfcErrorMessage(new ApiError('Invalid response from server', 'invalid-response'))).toEqual({ key: 'error.nfc.unable' });
    expect(nfcErrorMessage(new ApiError('x', 'http', 200, 'OK', 'Card blocked'))).toEqual({ text: 'Card blocked' });
    expect(nfcErrorMessage(new ApiError('x', 'http', 500))).toEqual({ key: 'error.nfc.default' });
  });

  it("a login the station itself could not carry out (no MAC address yet, a session that would not start): 'NFC login failed' (issue 24)", async () => {
    const { nfcErrorMessage } = await import('../../../../src/renderer/front-door/authErrors.js');
    expect(englishText(nfcErrorMessage(new Error('missing MAC address')))).toBe('NFC login failed');
    expect(englishText(nfcErrorMessage(new ApiError('x', 'network')))).toBe('NFC login failed. Please try again.');
  });
});

describe('phone code check (SPEC §8, issue 24)', () => {
  it("a refusal is 'Phone verification failed. Please try again.' (or the server's words); no answer is 'Verification failed. Please try again.'", async () => {
    const { phoneVerifyErrorMessage } = await import('../../../../src/renderer/front-door/authErrors.js');
    expect(englishText(phoneVerifyErrorMessage(new ApiError('x', 'http', 400)))).toBe('Phone verification failed. Please try again.');
    expect(englishText(phoneVerifyErrorMessage(new ApiError('x', 'http', 200, 'OK')))).toBe('Phone verification failed. Please try again.');
    expect(phoneVerifyErrorMessage(new ApiError('x', 'http', 429, 'Too Many Requests', 'Too many attempts.'))).toEqual({ text: 'Too many attempts.' });
    expect(englishText(phoneVerifyErrorMessage(new ApiError('x', 'timeout')))).toBe('Verification failed. Please try again.');
  });
});
