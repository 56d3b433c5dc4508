import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_RECONNECT_DELAY_MS,
  WebBridge,
  decodeShellFrame,
  webBridgeUrl,
  type BridgeSocket,
} from '../../../../src/renderer/core/bridge/webBridge.js';
import { getBridge } from '../../../../src/renderer/core/bridge/bridgeClient.js';
import type { ShellToRenderer } from '../../../../src/shared/bridge/protocol.js';
import { FakeBridge, STATION, silentLog } from '../../support/fakes.js';

class FakeWebSocket implements BridgeSocket {
  readyState = 0;
  readonly frames: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.frames.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  deliver(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

describe('bridge client (SPEC §5, §7)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops invalid shell messages with a log line', () => {
    const log = { warn: vi.fn() };
    const invalid = [
      JSON.stringify({ command: 'SystemVolumeChanged' }),
      JSON.stringify({ command: 'SystemVolumeChanged', volume: 'loud' }),
      JSON.stringify({ command: 'NFC_LOGIN' }),
      JSON.stringify({ command: 'AppLaunched' }),
      JSON.stringify({ command: 'AppClosed', JsonID: '' }),
      JSON.stringify({ command: 'NoSuchCommand' }),
      'not json',
    ];
    for (const frame of invalid) expect(decodeShellFrame(frame, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(invalid.length);
    expect(decodeShellFrame(JSON.stringify({ command: 'SystemVolumeChanged', volume: '40' }), log)).toEqual({
      command: 'SystemVolumeChanged',
      volume: 40,
    });
  });

  it('builds ws:// or wss:// on the page host', () => {
    expect(webBridgeUrl({ protocol: 'http:', host: 'localhost:5173' }, '/bridge')).toBe('ws://localhost:5173/bridge');
    expect(webBridgeUrl({ protocol: 'https:', host: 'cafe' }, '/bridge')).toBe('wss://cafe/bridge');
  });

  it('queues sends until open, delivers only valid messages, and reopens after a close', () => {
    const sockets: FakeWebSocket[] = [];
    const bridge = new WebBridge({
      url: 'ws://host/bridge',
      createSocket: (url) => {
        const socket = new FakeWebSocket(url);
        sockets.push(socket);
        return socket;
      },
      log: silentLog,
    });
    const received: ShellToRenderer[] = [];
    bridge.onMessage((message) => received.push(message));

    bridge.send({ command: 'GimmeData' });
    const first = sockets[0]!;
    expect(first.frames).toEqual([]);
    first.open();
    expect(first.frames).toEqual([JSON.stringify({ command: 'GimmeData' })]);

    first.deliver(JSON.stringify({ command: 'NFC_LOGIN' }));
    first.deliver(JSON.stringify({ command: 'HereTheData', data: STATION }));
    expect(received).toEqual([{ command: 'HereTheData', data: STATION }]);

    first.drop();
    bridge.send({ command: 'StartUp' });
    vi.advanceTimersByTime(BRIDGE_RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.frames).toEqual([JSON.stringify({ command: 'StartUp' })]);
    bridge.close();
  });

  it('uses window.spawnpoint when the preload exposed it', () => {
    const native = new FakeBridge();
    const fakeWindow = { spawnpoint: native, location: { protocol: 'http:', host: 'x' } } as unknown as Window;
    expect(getBridge(fakeWindow)).toBe(native);
  });
});
