/**
 * The bridge over WebSocket at WEB_BRIDGE_PATH: each text frame is one JSON
 * message for the router; everything the shell emits goes to every open
 * bridge socket. A frame that is not JSON is answered with CommandFailed.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { BridgeRouter } from '../bridge/router.js';
import { mayUseBridge } from './request-guard.js';

const MAX_FRAME_BYTES = 64 * 1024;

export interface BridgeSocketServer {
  /** Sends to every open bridge socket; returns how many. */
  broadcast(message: ShellToRenderer): number;
  /** Call from the HTTP server's 'upgrade' event for the bridge path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Must be called once, before messages arrive. */
  attach(router: BridgeRouter): void;
  close(): void;
}

function reject(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createBridgeSocketServer(log: (line: string) => void): BridgeSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  let router: BridgeRouter | null = null;

  const send = (ws: WebSocket, message: ShellToRenderer) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };
  const fail = (ws: WebSocket, message: string) => send(ws, { command: 'CommandFailed', failed: 'unknown', message });

  wss.on('connection', (ws) => {
    // One chain per socket keeps replies, rejections included, in the order of the frames.
    let chain: Promise<void> = Promise.resolve();
    const inOrder = (step: () => Promise<void> | void) => {
      chain = chain.then(step);
    };
    ws.on('error', (error) => log(`bridge socket error: ${error.message}`));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return inOrder(() => fail(ws, 'Bridge messages must be text frames of JSON'));
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString());
      } catch {
        log('bridge: rejected a frame that is not JSON');
        return inOrder(() => fail(ws, 'Bridge message is not valid JSON'));
      }
      inOrder(() => router?.handle(raw));
    });
  });

  return {
    attach(value) {
      router = value;
    },
    broadcast(message) {
      let count = 0;
      for (const ws of wss.clients) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        send(ws, message);
        count += 1;
      }
      return count;
    },
    upgrade(req, socket, head) {
      const allowed = mayUseBridge({
        remoteAddress: req.socket.remoteAddress,
        host: req.headers.host,
        origin: req.headers.origin,
        localPort: req.socket.localPort,
      });
      if (!allowed) {
        log(
          `bridge: refused a WebSocket from ${req.socket.remoteAddress ?? '?'} (Host ${req.headers.host ?? 'none'}, origin ${req.headers.origin ?? 'none'}): it answers only the web shell's own page, from this machine`,
        );
        return reject(socket, '403 Forbidden');
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

export { reject as rejectUpgrade };
