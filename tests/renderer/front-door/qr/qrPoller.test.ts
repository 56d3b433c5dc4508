/** SPEC §4 QR modal polling (every 1 s, max 120) and result handling. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QrPoller, type QrPollOutcome, type QrStatus } from '../../../../src/renderer/front-door/qr/qrPoller.js';
import { englishText } from '../../../../src/renderer/core/i18n/uiMessage.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pending: QrStatus<string> = { status: 'pending', userData: null };

describe('QR polling', () => {
  it('polls once a second and ends with the user data', async () => {
    const answers: QrStatus<string>[] = [pending, pending, { status: 'completed', userData: 'mina' }];
    const poll = vi.fn(() => Promise.resolve(answers.shift()!));
    const done = vi.fn<(o: QrPollOutcome<string>) => void>();
    new QrPoller(poll, done).start();
    await vi.advanceTimersByTimeAsync(999);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(done).toHaveBeenCalledWith({ kind: 'completed', userData: 'mina' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it("'expired' and the 120th pending answer both end with 'QR code expired…'", async () => {
    const expired = vi.fn<(o: QrPollOutcome<string>) => void>();
    new QrPoller(() => Promise.resolve({ status: 'expired', userData: null }), expired).start();
    await vi.advanceTimersByTimeAsync(1_000);
    const outcome = expired.mock.calls[0]![0];
    expect(outcome.kind === 'failed' && englishText(outcome.message)).toBe('QR code expired. Please generate a new one.');

    const poll = vi.fn(() => Promise.resolve(pending));
    const limit = vi.fn<(o: QrPollOutcome<string>) => void>();
    new QrPoller(poll, limit).start();
    await vi.advanceTimersByTimeAsync(119_000);
    expect(limit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(poll).toHaveBeenCalledTimes(120);
    expect(limit).toHaveBeenCalledWith({ kind: 'failed', message: { key: 'qr.expired' } });
  });

  it("failures keep polling; a failure at the limit is 'Connection timeout…'; stop cancels", async () => {
    const poll = vi.fn(() => Promise.reject(new Error('offline')));
    const done = vi.fn<(o: QrPollOutcome<string>) => void>();
    new QrPoller(poll, done).start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(done).toHaveBeenCalledWith({ kind: 'failed', message: { key: 'qr.timeout' } });

    const cancelled = vi.fn(() => Promise.resolve(pending));
    const poller = new QrPoller(cancelled, vi.fn());
    poller.start();
    await vi.advanceTimersByTimeAsync(3_000);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cancelled).toHaveBeenCalledTimes(3);
  });

  it("'completed' with no user data ends with 'OAuth authentication failed' (issue 24)", async () => {
    const done = vi.fn<(o: QrPollOutcome<string>) => void>();
    const poll = vi.fn(() => Promise.resolve<QrStatus<string>>({ status: 'completed', userData: null }));
    new QrPoller(poll, done).start();
    await vi.advanceTimersByTimeAsync(1_000);
    const outcome = done.mock.calls[0]![0];
    expect(outcome.kind === 'failed' && englishText(outcome.message)).toBe('OAuth authentication failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});
