/**
 * Development tools (the local SMS outbox with members' phone numbers and codes, the face-check
 * stand-in, the chat clock) exist only outside production, and answer only the machine's own
 * console (a loopback connection that carries no proxy header, with TRUST_PROXY unset) or a
 * signed-in operator: anyone else gets the 404 of an address that does not exist. The chat clock
 * moves money only where TEST_CLOCK is on, which production refuses.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { LiveChatApi, type LiveChatSession } from '../../protocol/livechat/livechat';
import { ConfigError, loadConfig } from '../../server/config';
import { type Client, startServer, type TestServer, type TestSocket } from './harness';
import { liveTestConfig } from './live/live-support';

describe('configuration', () => {
  it('turns development tools off in production unless DEV_TOOLS says otherwise', () => {
    expect(loadConfig({}).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadConfig({ DEV_TOOLS: '0' }).devTools).toBe(false);
  });

  it('keeps the chat clock off unless TEST_CLOCK is on, and never allows it in production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: '1', TEST_CLOCK: '1' })).toThrow(
      ConfigError,
    );
  });
});

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function page(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${SMS_OUTBOX_PATH}`, { headers });
  return { status: response.status, text: await response.text() };
}

const now = Date.now();
let server: TestServer;
let proxied: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  [server, proxied] = await Promise.all([
    startServer({ config: { operatorIds: ['M1004'], testClock: true, live: liveTestConfig(() => now) } }),
    // A reverse proxy on this machine: its connections are loopback, with or without headers.
    startServer({ config: { trustProxy: ['loopback'], operatorIds: ['M1004'] } }),
  ]);
  const member = await server.loginAs('M1001');
  await member.call('/man/v1/getPhoneVerifyCode', {
    country: 'United Kingdom',
    area_code: '44',
    phone_no: '7700900777',
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([server?.close(), proxied?.close()]);
});

describe('who may reach them', () => {
  it('shows codes to the console of this machine', async () => {
    const local = await page(server);
    expect(local.status).toBe(200);
    expect(local.text).toContain('+44 7700900777');
  });

  it('is a plain 404 to a request any proxy touched, even a signed-in member', async () => {
    const member = await server.loginAs('M1002');
    for (const header of [
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'forwarded',
      'x-real-ip',
    ]) {
      expect(await page(server, { [header]: 'for=203.0.113.9' }), header).toEqual({
        status: 404,
        text: 'Not found',
      });
      expect((await page(server, { [header]: '203.0.113.9', cookie: cookieOf(member) })).status).toBe(404);
    }
  });

  it('is not the console behind a trusted proxy, even when the proxy adds no header', async () => {
    expect(await page(proxied)).toEqual({ status: 404, text: 'Not found' });
  });

  it('answers every development route with 404 to a member from elsewhere', async () => {
    const dev = server.routes.filter((r) => r.url.startsWith('/dev/') && r.method !== 'HEAD');
    expect(dev.map((r) => r.url)).toEqual(
      expect.arrayContaining([SMS_OUTBOX_PATH, LiveChatApi.devNextMinute]),
    );
    const member = await server.loginAs('M1003');
    for (const route of dev) {
      const response = await fetch(`${server.url}${route.url}`, {
        method: route.method,
        headers: { 'x-forwarded-for': '203.0.113.9', cookie: cookieOf(member) },
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('opens for an operator from anywhere', async () => {
    const operator = await server.loginAs('M1004');
    const remote = await page(server, { 'x-forwarded-for': '203.0.113.9', cookie: cookieOf(operator) });
    expect(remote.status).toBe(200);
    expect(remote.text).toContain('+44 7700900777');
  });

  it('do not exist when development tools are off', async () => {
    const production = await startServer({ config: { devTools: false, testClock: true } });
    try {
      expect((await fetch(`${production.url}${SMS_OUTBOX_PATH}`)).status).toBe(404);
      const member = await production.loginAs('M1005');
      const moved = await fetch(`${production.url}${LiveChatApi.devNextMinute}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieOf(member) },
        body: JSON.stringify({ chat_id: 'LC00000000-0000-0000-0000-000000000000' }),
      });
      expect(moved.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the chat clock', () => {
  const charges = async (chatId: string) =>
    Number(
      (
        await server.db.query<{ n: unknown }>(
          'SELECT count(*)::int AS n FROM livechat_charges WHERE chat_id = $1',
          [chatId],
        )
      )[0]?.n,
    );
  const nextMinute = (
    target: TestServer,
    member: Client,
    chatId: string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${target.url}${LiveChatApi.devNextMinute}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieOf(member), ...headers },
      body: JSON.stringify({ chat_id: chatId }),
    });

  it('moves no money for a member at another address; on the console with TEST_CLOCK the next minute is paid', async () => {
    const lady = await server.loginAs('A2001');
    sockets.push(await server.socketFor(lady));
    const member = await server.loginAs('M1005');
    sockets.push(await server.socketFor(member));
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    const paid = await charges(chat.chat_id);

    const remote = await nextMinute(server, member, chat.chat_id, { 'x-forwarded-for': '203.0.113.9' });
    expect(remote.status).toBe(404);
    expect(await charges(chat.chat_id)).toBe(paid);

    const local = await nextMinute(server, member, chat.chat_id);
    expect(((await local.json()) as { errno: number }).errno).toBe(0);
    expect(await charges(chat.chat_id)).toBe(paid + 1);
  });

  it('does not exist where TEST_CLOCK is off, even for an operator', async () => {
    const operator = await proxied.loginAs('M1004');
    expect((await page(proxied, { cookie: cookieOf(operator) })).status).toBe(200);
    const response = await nextMinute(proxied, operator, 'LC00000000-0000-0000-0000-000000000000');
    expect(response.status).toBe(404);
  });
});

describe('in production', () => {
  it('writes no verification code or message to the log, and shows no outbox page', async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      logged.push(args.join(' '));
    });
    const production = await startServer({ config: { production: true, devTools: true, quiet: false } });
    try {
      const member = await production.loginAs('M1002');
      await member.call('/man/v1/getPhoneVerifyCode', {
        country: 'United Kingdom',
        area_code: '44',
        phone_no: '7700900778',
      });
      const [sent] = await production.db.query<{ body: string }>(
        `SELECT body FROM sms_outbox WHERE user_id = 'M1002'`,
      );
      const code = /\d{4,8}/.exec(sent?.body ?? '')?.[0] ?? '';
      expect(code).not.toBe('');
      expect(logged.some((line) => line.includes('[sms-outbox]'))).toBe(true);
      expect(logged.filter((line) => line.includes(code) || line.includes('7700900778'))).toEqual([]);
      expect((await fetch(`${production.url}${SMS_OUTBOX_PATH}`)).status).toBe(404);
    } finally {
      spy.mockRestore();
      await production.close();
    }
  });
});
