/**
 * Login throttling as an attacker meets it: per account (growing waits, then a lock the owner lifts
 * with a code on his verified phone), per address (slowed, never locked, and only after many
 * failures), the real client address behind a trusted proxy, the same answer for an unknown id,
 * argon2id with old hashes upgraded at login, and a suspended account that cannot sign in.
 * The server trusts loopback proxies, so each test speaks from an address of its own.
 */
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_FREE_FAILURES,
  LOGIN_LOCK_FAILURES,
} from '../../../protocol/constants';
import { Errno, loginWaitText, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { trustProxy: ['loopback'] } });
});
afterAll(async () => {
  await server?.close();
});

let nextAddress = 10;
/** A client behind the trusted proxy, as seen from its own address. */
function clientAt(address = `203.0.113.${nextAddress++}`): Client {
  const client = server.client();
  client.headers['x-forwarded-for'] = address;
  return client;
}

/** Failures already counted for an account, `agoS` seconds ago (their waits are over). */
async function pastFailures(userid: string, address: string, count: number, agoS = 120, trusted = false) {
  await server.db.query(
    `INSERT INTO login_failures (userid, address, trusted, at)
     SELECT $1, $2, $4, now() - make_interval(secs => $5) FROM generate_series(1, $3::int)`,
    [userid, address, count, trusted, agoS],
  );
}

const wrong = { errno: Errno.WRONG_CREDENTIALS, errmsg: Messages.wrongCredentials, data: null };
const locked = { errno: Errno.ACCOUNT_LOCKED, errmsg: Messages.accountLocked, data: null };

describe('per account', () => {
  // An unknown id spends a password check too (verifyDummy, timed against a real check in
  // server/storage/passwords.test.ts). Over HTTP the database's share makes timings too noisy to compare.
  it('answers an unknown id exactly as a wrong password', async () => {
    const client = clientAt();
    expect(await client.login('M1005', 'not-the-password')).toEqual(wrong);
    expect(await client.login('NOBODY', 'not-the-password')).toEqual(wrong);
    // A member id at the broadcaster login is an unknown account too.
    expect((await client.form(Api.anchorLogin, { userid: 'M1004', password: 'demo1234' })).body).toEqual(
      wrong,
    );
  });

  it('makes each attempt after the free failures wait longer, and says how long', async () => {
    const client = clientAt();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect(await client.login('A2010', `guess-${i}`)).toEqual(wrong);
    const early = await client.login('A2010');
    expect(early).toEqual({ errno: Errno.TOO_MANY_LOGINS, errmsg: loginWaitText(1), data: null });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await client.login('A2010', 'guess-again')).toEqual(wrong);
    expect((await client.login('A2010')).errmsg).toBe(loginWaitText(2));
  });

  it('takes an id typed in lower case as the same account, and counts its failures as one', async () => {
    const client = clientAt();
    const login = (userid: string, password: string) =>
      client.form(Api.anchorLogin, { userid, password }).then((a) => a.body);
    expect((await login('a2021', 'demo1234')).errno).toBe(0);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      expect(await login(i % 2 ? 'a2022' : 'A2022', `guess-${i}`)).toEqual(wrong);
    }
    expect((await login('a2022', 'demo1234')).errno).toBe(Errno.TOO_MANY_LOGINS);
  });

  it('locks after the last failure for a real id and a made-up one alike, even for the right password', async () => {
    for (const userid of ['A2011', 'MADEUP77']) {
      await pastFailures(userid, '198.51.100.1', LOGIN_LOCK_FAILURES - 1);
      const client = clientAt();
      expect(await client.login(userid, 'last-guess')).toEqual(locked);
      expect(await client.login(userid)).toEqual(locked);
      expect(client.cookies.has('glimmer_sid')).toBe(false);
    }
  });

  it('gives a burst of parallel guesses no more checks than the lock allows', async () => {
    const client = clientAt();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.login('A2012', `burst-${i}`)),
    );
    // Each guess is counted before it is checked, so at most the lock's number are checked (on
    // PostgreSQL all 30 may be counted before any is checked, and none is).
    const checked = answers.filter((a) => a.errno === Errno.WRONG_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LOCK_FAILURES);
    expect(
      answers.every((a) =>
        ([Errno.WRONG_CREDENTIALS, Errno.TOO_MANY_LOGINS, Errno.ACCOUNT_LOCKED] as number[]).includes(
          a.errno,
        ),
      ),
    ).toBe(true);
    // Right after the burst even the right password waits (PGlite) or meets the lock (PostgreSQL).
    expect([Errno.TOO_MANY_LOGINS, Errno.ACCOUNT_LOCKED] as number[]).toContain(
      (await client.login('A2012')).errno,
    );
  });

  it("keeps the owner's own browser signed in while strangers have locked his account", async () => {
    const owner = clientAt();
    expect((await owner.login('A2013')).errno).toBe(0);
    expect(owner.cookies.get('glimmer_device')).toBeTruthy();
    await pastFailures('A2013', '198.51.100.2', LOGIN_LOCK_FAILURES);
    expect(await clientAt().login('A2013')).toEqual(locked);
    // His browser's own failures are counted apart, so a typo there still just says wrong.
    expect(await owner.login('A2013', 'typo')).toEqual(wrong);
    expect((await owner.login('A2013')).errno).toBe(0);
    // A device cookie of another account, or a forged one, buys nothing.
    const stranger = clientAt();
    stranger.cookies.set('glimmer_device', owner.cookies.get('glimmer_device') ?? '');
    expect(await stranger.login('A2014', 'x')).toEqual(wrong);
  });
});

describe('unlocking with a code on the verified phone', () => {
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900555' };
  const lastSms = async (userid: string, purpose: string) => {
    const [row] = await server.db.query<{ body: string; to_number: string }>(
      'SELECT body, to_number FROM sms_outbox WHERE user_id = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1',
      [userid, purpose],
    );
    return row;
  };

  it('sends a code only for a locked member with a phone, and the code lifts the lock', async () => {
    const member = await server.loginAs('M1003');
    await member.call('/man/v1/getPhoneVerifyCode', phone);
    const verify = (await lastSms('M1003', 'verify'))?.body.match(/\d{6}/)?.[0] ?? '';
    await member.call('/man/v1/submitPhoneVerifyCode', { ...phone, verify_code: verify });

    const stranger = clientAt();
    const sent = { errno: 0, errmsg: '', data: { result: 1, msg: Messages.unlockCodeSent } };
    // Not locked yet: the same answer, and no text goes out.
    expect((await stranger.form(Api.sendUnlockCode, { userid: 'M1003' })).body).toEqual(sent);
    expect(await lastSms('M1003', 'unlock')).toBeUndefined();

    await pastFailures('M1003', '198.51.100.3', LOGIN_LOCK_FAILURES);
    expect(await stranger.login('M1003')).toEqual(locked);
    expect((await stranger.form(Api.sendUnlockCode, { userid: 'M1003' })).body).toEqual(sent);
    expect((await stranger.form(Api.sendUnlockCode, { userid: 'NOSUCH1' })).body).toEqual(sent);
    const sms = await lastSms('M1003', 'unlock');
    expect(sms?.to_number).toBe('+44 7700900555');
    const code = sms?.body.match(/\d{6}/)?.[0] ?? '';

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await stranger.form(Api.unlockAccount, { userid: 'M1003', code: wrongCode })).body).toMatchObject(
      {
        errno: Errno.PHONE_CODE_WRONG,
      },
    );
    expect(await stranger.login('M1003')).toEqual(locked);
    expect((await stranger.form(Api.unlockAccount, { userid: 'M1003', code })).body).toMatchObject({
      errno: 0,
      data: { result: 1, msg: Messages.unlocked },
    });
    expect((await stranger.login('M1003')).errno).toBe(0);
    // A code works once.
    expect((await stranger.form(Api.unlockAccount, { userid: 'M1003', code })).body.errno).toBe(
      Errno.PHONE_CODE_WRONG,
    );
  });
});

describe('per address', () => {
  it("slows a spray of made-up ids from one address without locking anyone else's login", async () => {
    const sprayer = clientAt('192.0.2.50');
    for (let i = 0; i < 6; i++) expect(await sprayer.login(`FAKE${i}`, 'password1')).toEqual(wrong);
    // Members at other addresses, and at the same one, still sign in.
    expect((await clientAt().login('A2015')).errno).toBe(0);
    expect((await clientAt('192.0.2.50').login('A2016')).errno).toBe(0);
  });

  it('past its free failures an address waits between attempts; others and known browsers do not', async () => {
    const owner = clientAt('192.0.2.60');
    expect((await owner.login('A2017')).errno).toBe(0);
    await pastFailures('SPRAY', '192.0.2.60', LOGIN_ADDRESS_FREE_FAILURES - 1, 30);
    expect(await clientAt('192.0.2.60').login('FAKE99', 'x')).toEqual(wrong);
    expect((await clientAt('192.0.2.60').login('A2018')).errno).toBe(Errno.TOO_MANY_LOGINS);
    expect((await clientAt('192.0.2.61').login('A2018')).errno).toBe(0);
    expect((await owner.login('A2017')).errno).toBe(0);
  });

  it('uses the socket address unless the proxy is trusted', async () => {
    const untrusted = await startServer();
    try {
      const client = untrusted.client();
      client.headers['x-forwarded-for'] = '203.0.113.250';
      await client.login('M1001', 'nope');
      const rows = await untrusted.db.query<{ address: string }>('SELECT address FROM login_failures');
      expect(rows.map((r) => r.address)).not.toContain('203.0.113.250');
    } finally {
      await untrusted.close();
    }
    await clientAt('203.0.113.251').login('A2019', 'nope');
    const rows = await server.db.query('SELECT 1 FROM login_failures WHERE address = $1', ['203.0.113.251']);
    expect(rows).toHaveLength(1);
  });
});

describe('password hashes and suspended accounts', () => {
  it('upgrades an old scrypt hash to argon2id at the next good login', async () => {
    const salt = Buffer.from('fedcba9876543210');
    const key = scryptSync('demo1234', salt, 32, { N: 16384, r: 8, p: 1 });
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await server.db.query('UPDATE users SET password_hash = $2 WHERE userid = $1', ['A2020', legacy]);
    expect((await clientAt().login('A2020')).errno).toBe(0);
    const [row] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE userid = $1',
      ['A2020'],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await clientAt().login('A2020')).errno).toBe(0);
  });

  it('refuses a suspended broadcaster (A2064) with the right password, and says wrong for a wrong one', async () => {
    const client = clientAt();
    expect(await client.login('A2064')).toEqual({
      errno: Errno.ACCOUNT_SUSPENDED,
      errmsg: Messages.accountSuspended,
      data: null,
    });
    expect(await client.login('A2064', 'guess')).toEqual(wrong);
    expect(client.cookies.has('glimmer_sid')).toBe(false);
  });
});
