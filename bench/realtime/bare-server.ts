/**
 * The floor: a bare `ws` server (no compression) that echoes what clients send and, on
 * POST /send with a client's key as the body, sends that client one 100-byte message. Clients name
 * themselves with ?u=<key>. Forked by run.ts with --expose-gc; talks to it over IPC.
 */
import { createServer } from 'node:http';
import { getHeapStatistics } from 'node:v8';
import { type WebSocket, WebSocketServer } from 'ws';
import { gcWindow } from './gc-window';
import { BARE_ROUTE, type ServerCommand, type ServerMessage } from './ipc';
import { pace } from './pace';

const sockets = Number(process.argv[2] ?? '1000');
const send = (message: ServerMessage) => process.send?.(message);
const byKey = new Map<string, WebSocket>();
const gc = gcWindow();
let nextId = 1;

/** A 100-byte message, shaped like a server event so clients treat both servers alike. */
function message(): string {
  const head = JSON.stringify({ id: nextId++, route: BARE_ROUTE, req_data: { p: '' } });
  return head.replace('"p":""', `"p":"${'x'.repeat(Math.max(0, 100 - head.length))}"`);
}

function sendTo(key: string) {
  byKey.get(key)?.send(message());
}

const http = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    if (request.method === 'POST' && request.url === '/send') sendTo(body);
    response.end('{"errno":0}');
  });
});
const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
wss.on('connection', (ws, request) => {
  const key = new URL(request.url ?? '/', 'http://x').searchParams.get('u') ?? '';
  byKey.set(key, ws);
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
  ws.on('close', () => byKey.delete(key));
  ws.on('error', () => ws.terminate());
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const members = Array.from({ length: sockets }, (_, i) => ({ key: `M${100001 + i}`, token: '' }));
  send({ type: 'ready', port, members, cookies: [], inviteRoute: true });
});

function stop() {
  for (const ws of wss.clients) ws.terminate();
  wss.close();
  http.close(() => process.exit(0));
}

process.on('message', async (command: ServerCommand) => {
  if (command.cmd === 'memory') {
    globalThis.gc?.();
    send({ type: 'memory', heapUsed: getHeapStatistics().used_heap_size, sockets: wss.clients.size });
  } else if (command.cmd === 'window') {
    if (command.on) gc.open();
    else send(gc.close());
  } else if (command.cmd === 'drive') {
    send({ type: 'driven', log: await pace(command.keys, command.rate, sendTo) });
  } else if (command.cmd === 'stop') {
    stop();
  }
});
process.on('SIGTERM', stop);
process.on('disconnect', stop);
