// The benchmark's client process: opens the sockets (its own file descriptors, so the server's
// process keeps its own limit), and times each bench announcement from send to receipt. Its CPU
// per fan-out, read by the parent, is the share of the two cores the measurement itself takes
// from the server. Most of it is the kernel's receive work, not `ws`: a bare-TCP client with its
// own frame parser cost the same (12.8 µs per message with ws, 13.1 without; load ~16).
import WebSocket from 'ws';
import { nowMs, type FromClients, type ToClients } from './protocol';

const CONNECT_CONCURRENCY = 200;
const send = (message: FromClients) => process.send!(message);
const sockets: WebSocket[] = [];
/** Receipt latencies per fan-out id. */
const received = new Map<number, number[]>();

const MARK = Buffer.from('"bench:');
const QUOTE = 0x22;

function onMessage(raw: WebSocket.RawData) {
  // Only bench announcements are timed; the connect-time messages are skipped cheaply, without
  // turning them into text (this process shares the machine's cores with the server).
  const bytes = raw as Buffer;
  const at = bytes.indexOf(MARK);
  if (at < 0) return;
  const [, id, sentAt] = bytes.toString('latin1', at + 1, bytes.indexOf(QUOTE, at + 1)).split(':');
  const list = received.get(Number(id)) ?? [];
  list.push(nowMs() - Number(sentAt));
  received.set(Number(id), list);
}

function openOne(port: number, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
      // The server's text is trusted here; checking its UTF-8 would only add to this side's time.
      skipUTF8Validation: true,
    });
    ws.on('message', onMessage);
    ws.once('open', () => {
      sockets.push(ws);
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });
}

async function openAll(port: number, tokens: string[], count: number) {
  const start = nowMs();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      if (!(await openOne(port, tokens[i % tokens.length]!))) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  send({ type: 'opened', open: sockets.length, failed, ms: nowMs() - start });
}

/** Waits until every socket got fan-out `id`, or 10 s, then reports the latencies. */
async function collect(id: number) {
  const deadline = nowMs() + 10_000;
  while ((received.get(id)?.length ?? 0) < sockets.length && nowMs() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const latenciesMs = received.get(id) ?? [];
  received.delete(id);
  send({ type: 'delivered', id, latenciesMs, missing: sockets.length - latenciesMs.length });
}

process.on('message', (message: ToClients) => {
  if (message.cmd === 'open') void openAll(message.port, message.tokens, message.count);
  if (message.cmd === 'expect') void collect(message.id);
  if (message.cmd === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
