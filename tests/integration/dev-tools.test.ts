/**
 * Development pages (the local SMS outbox with members' phone numbers and codes) exist only outside
 * production, and show nothing to a visitor who is neither on this machine nor an operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_OUTBOX_PATH } from '../../protocol/booking';
import { loadConfig } from '../../server/config';
import { startServer, type TestServer } from './harness';

describe('configuration', () => {
  it('turns development tools off in production unless DEV_TOOLS says otherwise', () => {
    expect(loadConfig({}).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadConfig({ DEV_TOOLS: '0' }).devTools).toBe(false);
  });
});

describe('the SMS outbox page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ config: { operatorIds: ['M1005'], trustProxy: ['loopback'] } });
    const member = await server.loginAs('M1001');
    await member.call('/man/v1/getPhoneVerifyCode', {
      country: 'United Kingdom',
      area_code: '44',
      phone_no: '7700900777',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${SMS_OUTBOX_PATH}`, { headers });
    return { status: response.status, text: await response.text() };
  };

  it('shows codes to a visitor on this machine', async () => {
    const local = await page();
    expect(local.status).toBe(200);
    expect(local.text).toContain('+44 7700900777');
  });

  it('is a plain 404 to a visitor from elsewhere, even a signed-in member', async () => {
    const remote = await page({ 'x-forwarded-for': '203.0.113.9' });
    expect(remote).toEqual({ status: 404, text: 'Not found' });
    const member = await server.loginAs('M1002');
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await page({ 'x-forwarded-for': '203.0.113.9', cookie })).status).toBe(404);
  });

  it('opens for an operator from anywhere', async () => {
    const operator = await server.loginAs('M1005');
    const cookie = [...operator.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const remote = await page({ 'x-forwarded-for': '203.0.113.9', cookie });
    expect(remote.status).toBe(200);
    expect(remote.text).toContain('+44 7700900777');
  });

  it('does not exist when development tools are off', async () => {
    const production = await startServer({ config: { devTools: false } });
    try {
      const response = await fetch(`${production.url}${SMS_OUTBOX_PATH}`);
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
