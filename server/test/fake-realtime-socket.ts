import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { RealtimeSocket } from '../src/modules/platform/realtime/socket-hub';

type Events = 'message' | 'pong' | 'close';

/**
 * A socket without a network: it records what the server sends and how it closes it, and lets
 * the test play the client (messages, pongs, the close event).
 */
export class FakeSocket implements RealtimeSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerMessage[] = [];
  closedWith: { code: number; reason: string } | null = null;
  pings = 0;
  terminated = false;
  private listeners = { message: [], pong: [], close: [] } as Record<Events, ((data: Buffer) => void)[]>;

  send(data: Buffer) {
    this.sent.push(JSON.parse(data.toString()) as ServerMessage);
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  on(event: Events, listener: (data: Buffer) => void) {
    this.listeners[event].push(listener);
    return this;
  }

  /** The client sends a text frame (JSON unless a string is given). */
  receive(message: unknown) {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const listener of this.listeners.message) listener(Buffer.from(text));
  }
  emit(event: 'pong' | 'close') {
    for (const listener of this.listeners[event]) listener(Buffer.alloc(0));
  }
  types() {
    return this.sent.map((m) => (m.type === 'notification' || m.type === 'activity' ? m.data.type : m.type));
  }
}
