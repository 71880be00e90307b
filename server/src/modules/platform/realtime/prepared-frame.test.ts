import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { prepareFrame, sendPrepared } from './prepared-frame';
import type { RealtimeSocket } from './socket-hub';

let server: WebSocketServer | null = null;
let client: WebSocket | null = null;

afterEach(async () => {
  client?.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = client = null;
});

/** A real ws server socket (compression off, as realtime.plugin.ts sets it) and its client. */
async function connectedPair(): Promise<{ serverSide: WebSocket; received: string[] }> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server!.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on('message', (data) => received.push((data as Buffer).toString()));
  await new Promise((resolve) => client!.once('open', resolve));
  return { serverSide: await accepted, received };
}

describe('prepared frames', () => {
  it('reach a real ws client as the same text, at every length encoding, in order with ws sends', async () => {
    const { serverSide, received } = await connectedPair();
    const send = vi.spyOn(serverSide, 'send');
    // Short (7-bit length), medium (16-bit) and long (64-bit) payloads, with multi-byte text.
    const texts = ['{"a":"é"}', 'x'.repeat(126), '✓'.repeat(30_000), 'y'.repeat(70_000)];
    for (const text of texts) sendPrepared(serverSide as unknown as RealtimeSocket, prepareFrame(text));
    expect(send).not.toHaveBeenCalled();
    serverSide.send('through ws');
    sendPrepared(serverSide as unknown as RealtimeSocket, prepareFrame('after'));
    await vi.waitFor(() => expect(received).toHaveLength(texts.length + 2));
    expect(received).toEqual([...texts, 'through ws', 'after']);
  });

  it('go through send when the socket is not a ws socket it can write to directly', () => {
    const socket = { send: vi.fn() } as unknown as RealtimeSocket;
    const frame = prepareFrame('hello');
    sendPrepared(socket, frame);
    expect(socket.send).toHaveBeenCalledWith(frame.payload, { binary: false, compress: false, fin: true });
  });
});
