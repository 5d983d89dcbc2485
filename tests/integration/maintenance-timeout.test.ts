/** Maintenance mode (21000 on every API call) and the 408 after REQUEST_TIMEOUT_MS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../protocol/errors';
import { Api } from '../../protocol/paths';
import { Empty } from '../../protocol/schemas';
import { defineRoute } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';

describe('maintenance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ config: { maintenance: true } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 21000 with the maintenance text on every API route, logins included', async () => {
    const client = server.client();
    for (const route of apiRoutes) {
      const answer = await client.form(route.path, { userid: 'M1001', password: 'demo1234' });
      expect(answer.status, route.path).toBe(200);
      expect(answer.body, route.path).toEqual({
        errno: Errno.MAINTENANCE,
        errmsg: Messages.maintenance,
        data: null,
      });
    }
    expect(client.cookies.size).toBe(0);
    const push = await client.get(Api.vapidPublicKey);
    expect(((await push.json()) as { errno: number }).errno).toBe(Errno.MAINTENANCE);
    expect((await client.form('/share/v1/unknownCall')).body.errno).toBe(Errno.MAINTENANCE);
  });

  it('still serves pages, so the maintenance page itself loads', async () => {
    const page = await server.client().get('/static/maintenance/');
    expect(page.status).toBe(200);
  });
});

describe('request timeout', () => {
  let server: TestServer;
  let finished = false;
  const slow = defineRoute({
    path: '/test/slow',
    auth: 'none',
    schema: Empty,
    async handler() {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      finished = true;
      return { done: 1 };
    },
  });
  const quick = defineRoute({
    path: '/test/quick',
    auth: 'none',
    schema: Empty,
    async handler() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { done: 1 };
    },
  });

  beforeAll(async () => {
    server = await startServer({ config: { requestTimeoutMs: 300 }, extraRoutes: [slow, quick] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers HTTP 408 with the connection-trouble text when a handler runs past the timeout', async () => {
    const started = Date.now();
    const answer = await server.client().form('/test/slow');
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ errno: Errno.TIMEOUT, errmsg: Messages.timeout, data: null });
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(finished).toBe(false);
  });

  it('answers a handler within the timeout normally', async () => {
    const answer = await server.client().form('/test/quick');
    expect(answer.body).toEqual({ errno: 0, errmsg: '', data: { done: 1 } });
  });

  it('defaults to the spec’s 20 s', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).requestTimeoutMs).toBe(20_000);
  });
});
