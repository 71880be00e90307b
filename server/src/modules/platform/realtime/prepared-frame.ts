import type { RealtimeSocket } from './socket-hub';

/**
 * One message on the wire, built once for every socket that gets it. A server's frames are not
 * masked (RFC 6455 §5.1) and compression is off (realtime.plugin.ts), so the bytes of a frame
 * are the same for every socket: `wire` is the complete frame (FIN, text opcode, length, payload);
 * `payload` is the text alone, for sockets that must go through ws's own send.
 */
export interface PreparedFrame {
  payload: Buffer;
  wire: Buffer;
}

/** A final text frame (opcode 1), unmasked, as a server sends it. */
export function prepareFrame(text: string): PreparedFrame {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81;
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return { payload, wire };
}

/**
 * What the fast path reads of a `ws` 8 WebSocket: its TCP socket and its sender's state (0:
 * nothing being compressed or read from a Blob) and queue. Not public API: when a socket lacks
 * them (a test's fake, another ws) the frame goes through `send` as usual.
 */
interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean } | null;
  _sender?: { _state?: number; _queue?: unknown[] } | null;
}

const SEND_OPTIONS = { binary: false, compress: false, fin: true } as const;

/**
 * Sends a prepared frame. ws's `send` frames each message again per socket (a new header, two
 * writes corked together); a fan-out to 10,000 sockets spent about half its CPU there. When ws
 * has nothing of its own waiting (its sender idle and its queue empty), writing the ready frame
 * to the TCP socket is exactly what `send` would have written, in the same order. The bytes
 * count in the socket's `bufferedAmount` as ws's own do.
 */
export function sendPrepared(socket: RealtimeSocket, frame: PreparedFrame): void {
  const ws = socket as RealtimeSocket & WsInternals;
  const sender = ws._sender;
  if (ws._socket && sender && sender._state === 0 && sender._queue?.length === 0) {
    ws._socket.write(frame.wire);
    return;
  }
  socket.send(frame.payload, SEND_OPTIONS);
}
