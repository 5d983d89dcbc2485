/**
 * Sign-up: a new member gets an 'M' id, no credits, Say Hi allowances, a session and a verification
 * mail; bad fields change nothing; the proof-of-work and the per-address and per-domain limits hold
 * bots off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountApi,
  AccountErrno,
  SIGNUP_LIMITS,
  type SignupChallenge,
} from '../../../protocol/account/account';
import { LOGIN_LOCK_FAILURES } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { ProfileErrno } from '../../../protocol/profile/profile';
import { solveChallenge } from '../../../server/features/account/proof-of-work';
import { startServer, type TestServer } from '../harness';
import { lastMail, STRONG_PASSWORD, signUp } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  // X-Forwarded-For names the visitor's address, so the tests can come from many addresses.
  server = await startServer({ config: { trustProxy: 1 } });
});
afterAll(async () => {
  await server?.close();
});

let nextAddress = 1;
/** A client from an address of its own. */
function visitor() {
  const client = server.client();
  client.headers['x-forwarded-for'] = `198.51.100.${nextAddress++}`;
  return client;
}

describe('sign-up', () => {
  it('creates a free member, signs him in and mails the verification link', async () => {
    const client = visitor();
    const answer = await signUp(client, { email: 'Alex.New@Example.com', nickname: 'Alex' });
    expect(answer.body.errno).toBe(0);
    const { userid, email } = answer.body.data;
    expect(userid).toMatch(/^M\d+$/);
    expect(email).toBe('alex.new@example.com');
    const money = await client.call<{ credit: number }>(Api.getAllMoney);
    expect(money.credit).toBe(0);
    const account = await client.call<{ email: string; email_verified: string }>(AccountApi.getAccount);
    expect(account).toMatchObject({ email: 'alex.new@example.com', email_verified: 'N' });
    const counts = await server.repositories.vouchers.counts(userid);
    expect(counts.left_say_hi_num).toBe(3);
    const mail = await lastMail(server, 'alex.new@example.com', 'verify');
    expect(mail.text_body).toContain('Glimmer');
    expect(mail.text_body).toContain(server.url);
    expect(mail.html_body).toContain('<a href=');
    // He can sign in with his email as well as his id.
    const other = visitor();
    expect(
      (await other.form(Api.memberLogin, { userid: 'ALEX.NEW@example.com', password: STRONG_PASSWORD })).body
        .errno,
    ).toBe(0);
    expect((await other.form(Api.memberLogin, { userid, password: STRONG_PASSWORD })).body.errno).toBe(0);
  });

  it('refuses a taken email, a common password, an under-age birthday, an unknown country', async () => {
    const client = visitor();
    await signUp(client, { email: 'taken@example.com' });
    const cases: [Record<string, string>, number][] = [
      [{ email: 'TAKEN@example.com' }, AccountErrno.EMAIL_TAKEN],
      [{ email: 'p1@example.com', password: 'password123' }, AccountErrno.PASSWORD_COMMON],
      [{ email: 'p2@example.com', password: 'short' }, AccountErrno.PASSWORD_TOO_SHORT],
      [
        { email: 'p3@example.com', birthday: `${new Date().getUTCFullYear() - 17}-01-01` },
        ProfileErrno.UNDER_AGE,
      ],
      [{ email: 'p4@example.com', birthday: '1990-02-30' }, ProfileErrno.BAD_BIRTHDAY],
      [{ email: 'p5@example.com', country: 'Atlantis' }, AccountErrno.COUNTRY_UNKNOWN],
      [{ email: 'not-an-email' }, Errno.INVALID_PARAMS],
    ];
    for (const [fields, errno] of cases) {
      const answer = await signUp(visitor(), { ...fields, email: fields.email ?? '' });
      expect(answer.body.errno, JSON.stringify(fields)).toBe(errno);
    }
    const [row] = await server.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM users WHERE email LIKE 'p_@example.com'`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('refuses a missing, wrong, forged or reused proof-of-work', async () => {
    const client = visitor();
    const { challenge, bits } = await client.call<SignupChallenge>(AccountApi.signupChallenge);
    const base = {
      email: 'pow@example.com',
      password: STRONG_PASSWORD,
      nickname: 'Pow',
      birthday: '1990-01-01',
      country: 'Canada',
    };
    const wrong = (await client.form(AccountApi.register, { ...base, challenge, nonce: 'notasolution' }))
      .body;
    expect(wrong.errno).toBe(AccountErrno.PROOF_FAILED);
    const forged = `${challenge.split('.').slice(0, 2).join('.')}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    expect(
      (
        await client.form(AccountApi.register, {
          ...base,
          challenge: forged,
          nonce: solveChallenge(forged, bits),
        })
      ).body.errno,
    ).toBe(AccountErrno.PROOF_FAILED);
    const nonce = solveChallenge(challenge, bits);
    expect((await client.form(AccountApi.register, { ...base, challenge, nonce })).body.errno).toBe(0);
    const again = await visitor().form(AccountApi.register, {
      ...base,
      email: 'pow2@example.com',
      challenge,
      nonce,
    });
    expect(again.body.errno).toBe(AccountErrno.PROOF_FAILED);
  });

  it(`allows ${SIGNUP_LIMITS.perAddressHour} sign-ups an hour from one address`, async () => {
    const client = visitor();
    for (let i = 0; i < SIGNUP_LIMITS.perAddressHour; i++) {
      expect((await signUp(client, { email: `same-address-${i}@example.org` })).body.errno).toBe(0);
    }
    const refused = await signUp(client, { email: 'same-address-x@example.org' });
    expect(refused.body.errno).toBe(AccountErrno.SIGNUP_ADDRESS_LIMIT);
    // Another address still may.
    expect((await signUp(visitor(), { email: 'other-address@example.org' })).body.errno).toBe(0);
  });

  it(`allows ${SIGNUP_LIMITS.perDomainHour} sign-ups an hour with one email domain`, async () => {
    for (let i = 0; i < SIGNUP_LIMITS.perDomainHour; i++) {
      expect((await signUp(visitor(), { email: `d${i}@bulk-domain.test` })).body.errno).toBe(0);
    }
    const refused = await signUp(visitor(), { email: 'one-more@bulk-domain.test' });
    expect(refused.body.errno).toBe(AccountErrno.SIGNUP_DOMAIN_LIMIT);
    expect((await signUp(visitor(), { email: 'fine@another-domain.test' })).body.errno).toBe(0);
  });

  it('never counts a public mail service as one domain: its members are strangers to each other', async () => {
    for (let i = 0; i <= SIGNUP_LIMITS.perDomainHour; i++) {
      expect((await signUp(visitor(), { email: `someone.${i}@gmail.com` })).body.errno).toBe(0);
    }
  });

  it('counts failed sign-ins by email and by id as one account, and locks both', async () => {
    const { userid } = (await signUp(visitor(), { email: 'guarded@example.com' })).body.data;
    const attacker = visitor();
    for (let i = 0; i < LOGIN_LOCK_FAILURES; i++) {
      await server.db.query("UPDATE login_failures SET at = at - interval '1 minute' WHERE userid = $1", [
        userid,
      ]);
      const login = i % 2 ? userid : 'guarded@example.com';
      const answer = await attacker.form(Api.memberLogin, { userid: login, password: `wrong-${i}` });
      expect([Errno.WRONG_CREDENTIALS, Errno.TOO_MANY_LOGINS, Errno.ACCOUNT_LOCKED]).toContain(
        answer.body.errno,
      );
    }
    for (const login of ['guarded@example.com', userid]) {
      const answer = await visitor().form(Api.memberLogin, { userid: login, password: STRONG_PASSWORD });
      expect(answer.body.errno, login).toBe(Errno.ACCOUNT_LOCKED);
    }
  });
});
