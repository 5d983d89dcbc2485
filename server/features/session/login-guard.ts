/**
 * What stands between a login form and a password check (the rules are in protocol/constants.ts):
 * an address past its free failures is slowed, an account's attempts wait longer after each failure
 * and lock at LOGIN_LOCK_FAILURES, and a browser that signed in to the account before (its device
 * cookie) is counted apart and never slowed by the address. The owner lifts a lock with a code sent
 * to his verified phone; otherwise it ends with the window.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  LOGIN_ADDRESS_DELAY_S,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_FREE_FAILURES,
  LOGIN_LOCK_FAILURES,
  LOGIN_MAX_DELAY_S,
  UNLOCK_CODE_LENGTH,
  UNLOCK_CODE_MAX_FAILURES,
  UNLOCK_CODE_MAX_SENDS,
  UNLOCK_CODE_RETRY_S,
  UNLOCK_CODE_TTL_S,
} from '../../../protocol/constants';
import { Errno, loginWaitText, Messages } from '../../../protocol/errors';
import { ApiError } from '../../core/errors';
import { phoneNumberOf, type SmsProvider } from '../../providers/sms/provider';
import type { Db, FailureCount, StorageRepositories } from '../../storage/contract';
import { phonesRepository } from '../phone';
import { loginFailuresRepository } from './login-failures-repository';
import { unlockCodesRepository } from './unlock-codes-repository';

/** Seconds an account must still wait after `failures` (0: it may try now). */
export function accountWait(failures: FailureCount, now: number): number {
  if (failures.count < LOGIN_FREE_FAILURES || !failures.last) return 0;
  const delay = Math.min(2 ** (failures.count - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_S);
  return Math.max(0, failures.last.getTime() + delay * 1000 - now) / 1000;
}

/** Seconds an address must still wait after `failures` (0: it may try now). */
export function addressWait(failures: FailureCount, now: number): number {
  if (failures.count < LOGIN_ADDRESS_FREE_FAILURES || !failures.last) return 0;
  return Math.max(0, failures.last.getTime() + LOGIN_ADDRESS_DELAY_S * 1000 - now) / 1000;
}

const waitError = (seconds: number) =>
  new ApiError(Errno.TOO_MANY_LOGINS, loginWaitText(Math.max(1, Math.ceil(seconds))));
const lockedError = () => new ApiError(Errno.ACCOUNT_LOCKED, Messages.accountLocked);
const codeHash = (userid: string, code: string) =>
  createHash('sha256').update(`unlock:${userid}:${code}`).digest('hex');

/** One login attempt let through the guard; settle it once the password has been checked. */
export interface Attempt {
  trusted: boolean;
}

export class LoginGuard {
  private secret: Promise<Buffer> | undefined;

  constructor(
    private readonly repos: StorageRepositories,
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly now: () => number = Date.now,
  ) {}

  private key(): Promise<Buffer> {
    this.secret ??= this.repos.settings
      .getOrCreate('device_secret', () => randomBytes(32).toString('base64url'))
      .then((s) => Buffer.from(s, 'base64url'));
    return this.secret;
  }

  /** A device cookie for `userid`: `base64url(userid).nonce.signature`. */
  async deviceCookie(userid: string): Promise<string> {
    const body = `${Buffer.from(userid).toString('base64url')}.${randomBytes(9).toString('base64url')}`;
    const sig = createHmac('sha256', await this.key())
      .update(body)
      .digest('base64url');
    return `${body}.${sig}`;
  }

  /** Whether `cookie` is a device cookie this server made for `userid`. */
  async knows(cookie: string | undefined, userid: string): Promise<boolean> {
    if (!cookie || cookie.length > 256) return false;
    const [id, nonce, sig, ...rest] = cookie.split('.');
    if (!id || !nonce || !sig || rest.length) return false;
    const expected = createHmac('sha256', await this.key())
      .update(`${id}.${nonce}`)
      .digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Buffer.from(id, 'base64url').toString() === userid;
  }

  /**
   * Lets an attempt through or throws the wait or lock answer. The attempt is counted as a failure
   * before its password is checked, and the count read again: parallel guesses then see each other,
   * so no burst gets more than LOGIN_LOCK_FAILURES checks. settle() takes it back on success.
   */
  async admit(userid: string, address: string, trusted: boolean): Promise<Attempt> {
    const failures = this.repos.loginFailures;
    const now = this.now();
    const since = new Date(now - LOGIN_FAILURE_WINDOW_S * 1000);
    if (!trusted) {
      const wait = addressWait(await failures.forAddress(address, since), now);
      if (wait > 0) throw waitError(wait);
    }
    const before = await failures.forAccount(userid, trusted, since);
    if (before.count >= LOGIN_LOCK_FAILURES) throw lockedError();
    const wait = accountWait(before, now);
    if (wait > 0) throw waitError(wait);
    await failures.record(userid, address, trusted);
    const after = await failures.forAccount(userid, trusted, since);
    if (after.count > LOGIN_LOCK_FAILURES) throw lockedError();
    return { trusted };
  }

  /** After the password check: a success forgets the account's failures of that kind. */
  async settle(userid: string, attempt: Attempt, ok: boolean): Promise<void> {
    if (ok) {
      await this.repos.loginFailures.clear(userid, attempt.trusted);
      return;
    }
    const since = new Date(this.now() - LOGIN_FAILURE_WINDOW_S * 1000);
    const count = (await this.repos.loginFailures.forAccount(userid, attempt.trusted, since)).count;
    if (count >= LOGIN_LOCK_FAILURES) throw lockedError();
    throw new ApiError(Errno.WRONG_CREDENTIALS, Messages.wrongCredentials);
  }

  /**
   * Sends an unlock code to a locked member's verified phone. Answers alike whether or not the
   * account exists, is locked or has a phone, so it tells a stranger nothing.
   */
  async sendUnlockCode(userid: string): Promise<{ result: 1; msg: string }> {
    const answer = { result: 1 as const, msg: Messages.unlockCodeSent };
    const now = this.now();
    const since = new Date(now - LOGIN_FAILURE_WINDOW_S * 1000);
    const user = await this.repos.users.find(userid);
    if (user?.role !== 'man') return answer;
    const counts = await Promise.all(
      [false, true].map((trusted) => this.repos.loginFailures.forAccount(userid, trusted, since)),
    );
    if (!counts.some((c) => c.count >= LOGIN_LOCK_FAILURES)) return answer;
    const phone = await phonesRepository(this.db).verified(userid);
    if (!phone) return answer;
    const code = Array.from({ length: UNLOCK_CODE_LENGTH }, () => randomInt(10)).join('');
    const send = await this.db.transaction(async (tx) => {
      const codes = unlockCodesRepository(tx);
      await codes.lock(userid);
      const prev = await codes.find(userid);
      if (prev && prev.sentAt.getTime() > now - UNLOCK_CODE_RETRY_S * 1000) return false;
      // A code older than the window belongs to an earlier lock: its sends no longer count.
      const sends = prev && prev.sentAt.getTime() > since.getTime() ? prev.sends + 1 : 1;
      if (sends > UNLOCK_CODE_MAX_SENDS) return false;
      await codes.save(userid, {
        codeHash: codeHash(userid, code),
        sentAt: new Date(now),
        expiresAt: new Date(now + UNLOCK_CODE_TTL_S * 1000),
        sends,
        failures: 0,
      });
      return true;
    });
    if (send) {
      await this.sms
        .send({
          to: phoneNumberOf(phone.areaCode, phone.phoneNo),
          userId: userid,
          purpose: 'unlock',
          body: `Your Glimmer unlock code is ${code}. It expires in ${UNLOCK_CODE_TTL_S / 60} minutes.`,
        })
        .catch(() => undefined);
    }
    return answer;
  }

  /** Lifts the lock with the code sent by sendUnlockCode. */
  async unlock(userid: string, code: string): Promise<{ result: 1; msg: string }> {
    const now = this.now();
    const ok = await this.db.transaction(async (tx) => {
      const codes = unlockCodesRepository(tx);
      await codes.lock(userid);
      const current = await codes.find(userid);
      if (!current || current.expiresAt.getTime() <= now || current.failures >= UNLOCK_CODE_MAX_FAILURES)
        return false;
      const given = Buffer.from(codeHash(userid, code));
      if (!timingSafeEqual(given, Buffer.from(current.codeHash))) {
        await codes.save(userid, { ...current, failures: current.failures + 1 });
        return false;
      }
      await codes.delete(userid);
      await loginFailuresRepository(tx).clear(userid);
      return true;
    });
    if (!ok) throw new ApiError(Errno.PHONE_CODE_WRONG, Messages.unlockCodeWrong);
    return { result: 1, msg: Messages.unlocked };
  }
}
