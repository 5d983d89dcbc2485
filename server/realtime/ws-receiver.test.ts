/**
 * `ws` is patched at install (patches/ws+8.23.0.patch): its receiver keeps one fragments array per
 * socket instead of a new one per message. A new array per message lived until the socket's next
 * message (a heartbeat, seconds later), was promoted to the old generation, and once dropped kept
 * that next message's buffers from every scavenge until a full collection. These check that
 * messages still arrive whole (fragmented or not, text or binary, the array handed out as the
 * message itself untouched) and that the array is kept.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

interface Received {
  data: unknown;
  isBinary: boolean;
}

let server: WebSocketServer | undefined;
afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server on a free port whose socket uses `binaryType`, a client connected to it, and what it receives. */
async function connect(binaryType: 'nodebuffer' | 'fragments' = 'nodebuffer') {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = wss;
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const accepted = new Promise<WebSocket>((resolve) =>
    wss.on('connection', (socket) => {
      socket.binaryType = binaryType;
      socket.on('message', (data, isBinary) => {
        received.push({ data, isBinary });
        waiting.shift()?.();
      });
      resolve(socket);
    }),
  );
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  const socket = await accepted;
  const nextMessages = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
    return received.slice(0, count);
  };
  return { client, socket, nextMessages };
}

/** Sends `parts` as one message in that many frames (the last with FIN). */
function sendFragmented(client: WebSocket, parts: (string | Buffer)[], binary: boolean) {
  for (const [i, part] of parts.entries()) client.send(part, { binary, fin: i === parts.length - 1 });
}

const receiverOf = (socket: WebSocket) =>
  (socket as unknown as { _receiver: { _fragments: unknown[] } })._receiver;

const bytes = (m: Received | undefined) => [...((m?.data as Buffer | undefined) ?? [])];
const parts = (m: Received | undefined) => ((m?.data as Buffer[] | undefined) ?? []).map((b) => [...b]);

describe('ws receiver (patches/ws+8.23.0.patch)', () => {
  it('delivers text and binary messages whole, fragmented or not, one after another', async () => {
    const { client, nextMessages } = await connect();
    sendFragmented(client, ['{"id":1,', '"route":"a",', '"req_data":{}}'], false);
    client.send('{"id":2}');
    sendFragmented(client, [Buffer.from([1, 2]), Buffer.from([3]), Buffer.from([4, 5, 6])], true);
    client.send(Buffer.from([7, 8]));
    sendFragmented(client, ['é', 'ü'], false);
    const got = await nextMessages(5);
    expect(got.map((m) => m.isBinary)).toEqual([false, false, true, true, false]);
    expect(String(got[0]?.data)).toBe('{"id":1,"route":"a","req_data":{}}');
    expect(String(got[1]?.data)).toBe('{"id":2}');
    expect(bytes(got[2])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bytes(got[3])).toEqual([7, 8]);
    expect(String(got[4]?.data)).toBe('éü');
  });

  it('keeps one fragments array per socket instead of a new one per message', async () => {
    const { client, socket, nextMessages } = await connect();
    const before = receiverOf(socket)._fragments;
    client.send('first');
    sendFragmented(client, ['sec', 'ond'], false);
    client.send(Buffer.from([1]));
    await nextMessages(3);
    expect(receiverOf(socket)._fragments).toBe(before);
    expect(before).toHaveLength(0);
  });

  it('leaves the array handed out as a message alone (binaryType "fragments")', async () => {
    const { client, nextMessages } = await connect('fragments');
    sendFragmented(client, [Buffer.from([1]), Buffer.from([2, 3])], true);
    sendFragmented(client, [Buffer.from([9]), Buffer.from([8])], true);
    const [first, second] = await nextMessages(2);
    expect(first?.data).not.toBe(second?.data);
    expect(parts(first)).toEqual([[1], [2, 3]]);
    expect(parts(second)).toEqual([[9], [8]]);
  });
});
