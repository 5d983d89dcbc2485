/**
 * A client worker: holds a slice of the sockets. Each logs in (imLogin/login with its token),
 * beats every 12 s from a random offset, and answers every server event with {is_show: 1},
 * noting when each event of the measured route arrived. Forked by run.ts; talks to it over IPC.
 */
import WebSocket from 'ws';
import { EventRoute } from '../../protocol/realtime';
import { SocketRoute } from '../../protocol/socket';
import { BARE_ROUTE, type ClientCommand, type ClientMessage, type ClientOpen, now } from './ipc';

/** Handshakes in flight at once per worker, so the server's accept queue never overflows. */
const CONCURRENCY = 200;

const send = (message: ClientMessage) => process.send?.(message);
const open = new Set<WebSocket>();
const timers: NodeJS.Timeout[] = [];
const receipts = new Map<string, number[]>();

function connect(task: ClientOpen, member: { key: string; token: string }): Promise<void> {
  const measured = task.kind === 'glimmer' ? EventRoute.instantInvite : BARE_ROUTE;
  const url = task.kind === 'bare' ? `${task.url}?u=${member.key}` : task.url;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let nextId = 1;
    const request = (route: string, reqData: unknown) =>
      ws.send(JSON.stringify({ id: nextId++, route, req_data: reqData }));
    ws.on('open', () => request(SocketRoute.login, { token: member.token, page_name: 'bench' }));
    ws.on('message', (raw) => {
      const at = now();
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (message.route === SocketRoute.login && message.id === 1) {
        if (task.kind === 'glimmer' && message.errno !== 0) return reject(new Error(String(message.errmsg)));
        open.add(ws);
        const beat = setTimeout(() => {
          request(SocketRoute.heartbeat, {});
          timers.push(setInterval(() => request(SocketRoute.heartbeat, {}), task.heartbeatMs));
        }, Math.random() * task.heartbeatMs);
        timers.push(beat);
        return resolve();
      }
      // Answers to our requests, and the bare server's echoes of them, need nothing.
      if (!('req_data' in message) || message.route === SocketRoute.heartbeat) return;
      if (message.route === measured) {
        const list = receipts.get(member.key) ?? [];
        list.push(at);
        receipts.set(member.key, list);
      }
      ws.send(
        JSON.stringify({
          id: message.id,
          route: message.route,
          res_data: { is_show: 1 },
          errno: 0,
          errmsg: '',
        }),
      );
    });
    ws.on('error', (error) => reject(error));
    ws.on('close', () => {
      open.delete(ws);
      reject(new Error('closed before login'));
    });
  });
}

async function openAll(task: ClientOpen) {
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  let index = 0;
  const lane = async () => {
    while (index < task.members.length) {
      const member = task.members[index++];
      if (!member) break;
      try {
        await connect(task, member);
        ok += 1;
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  send({ type: 'opened', ok, failed, firstError });
}

async function closeAll() {
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(
    [...open].map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
          ws.close();
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 2_000).unref();
        }),
    ),
  );
  send({ type: 'closed' });
  process.disconnect();
}

process.on('message', (command: ClientCommand) => {
  if (command.cmd === 'open') void openAll(command);
  else if (command.cmd === 'receipts') send({ type: 'receipts', receipts: [...receipts] });
  else if (command.cmd === 'close') void closeAll();
});
