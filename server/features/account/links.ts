/**
 * The mailed links: verifying his email, confirming a new one, resetting a forgotten password. Each
 * link is signed, expires (LINK_TTL_S) and works once (link-tokens.ts); sending is rate-limited per
 * account (MAIL_RESEND_S, MAIL_PER_DAY) and reset requests per address too.
 */
import {
  AccountErrno,
  AccountMessages,
  AccountPages,
  LINK_TTL_S,
  MAIL_PER_DAY,
  MAIL_RESEND_S,
  RESET_PER_ADDRESS_HOUR,
} from '../../../protocol/account/account';
import { passwordProblem } from '../../../protocol/account/passwords';
import type { Caller } from '../../core/caller';
import { ApiError } from '../../core/errors';
import { hashPassword } from '../../storage/passwords';
import type { AccountCore } from './deps';
import { type LinkPurpose, makeLinkToken, readLinkToken, tokenHash } from './link-tokens';
import { changeMail, resetMail, verifyMail } from './mails';

const fail = (errno: number, errmsg: string) => new ApiError(errno, errmsg);
const DAY_MS = 24 * 3600 * 1000;

const PAGE: Record<LinkPurpose, string> = {
  verify: AccountPages.verifyEmail,
  change: AccountPages.verifyEmail,
  reset: AccountPages.resetPassword,
};
const MAIL = { verify: verifyMail, change: changeMail, reset: resetMail };

export class EmailLinks {
  constructor(
    private readonly core: AccountCore,
    private readonly log: (message: string, error: unknown) => void = () => undefined,
  ) {}

  /** Makes a link, keeps its hash, and mails it. */
  async issue(
    who: { userid: string; nickname: string },
    email: string,
    purpose: LinkPurpose,
    origin: string,
  ): Promise<void> {
    const { repo } = this.core;
    const expiresAt = this.core.nowS() + LINK_TTL_S[purpose];
    const token = makeLinkToken(await this.core.key(), purpose, expiresAt);
    await repo.saveToken(tokenHash(token), who.userid, purpose, email, new Date(expiresAt * 1000));
    const base = this.core.origin(origin);
    const link = `${base}/#${PAGE[purpose]}?token=${encodeURIComponent(token)}`;
    await this.core.deps.mail.send(
      MAIL[purpose]({
        to: email,
        userId: who.userid,
        nickname: who.nickname,
        origin: base,
        link,
        hours: LINK_TTL_S[purpose] / 3600,
      }),
    );
  }

  /** Whether another link of these kinds may go to him now. */
  private async maySend(userid: string, purposes: LinkPurpose[]): Promise<boolean> {
    const now = this.core.now();
    const sent = await this.core.repo.sentSince(userid, purposes, new Date(now - DAY_MS));
    if (sent.count >= MAIL_PER_DAY) return false;
    return !sent.last || sent.last.getTime() + MAIL_RESEND_S * 1000 <= now;
  }

  /** POST /user/sendVerifyEmail: the verification link again, to his current address. */
  async sendVerify(caller: Caller, origin: string): Promise<{ email: string }> {
    const account = await this.core.repo.find(caller.userid);
    if (!account?.email) throw fail(AccountErrno.NO_EMAIL, AccountMessages.noEmail);
    if (account.emailVerified) throw fail(AccountErrno.ALREADY_VERIFIED, AccountMessages.alreadyVerified);
    if (!(await this.maySend(caller.userid, ['verify', 'change']))) {
      throw fail(AccountErrno.MAIL_TOO_SOON, AccountMessages.mailTooSoon);
    }
    await this.issue(account, account.email, 'verify', origin);
    return { email: account.email };
  }

  /**
   * Checks a link's token: signature, then expiry, then that it is one of ours, unused and of the
   * kind asked for. Spends it; answers whose it was.
   */
  private async spend(token: string, kinds: LinkPurpose[]) {
    const check = readLinkToken(await this.core.key(), token, this.core.nowS());
    if (!check.ok && check.why === 'expired')
      throw fail(AccountErrno.LINK_EXPIRED, AccountMessages.linkExpired);
    if (!check.ok || !kinds.includes(check.purpose)) {
      throw fail(AccountErrno.LINK_INVALID, AccountMessages.linkInvalid);
    }
    const hash = tokenHash(token);
    const row = await this.core.repo.findToken(hash);
    if (!row) throw fail(AccountErrno.LINK_INVALID, AccountMessages.linkInvalid);
    if (row.usedAt || !(await this.core.repo.useToken(hash))) {
      throw fail(AccountErrno.LINK_USED, AccountMessages.linkUsed);
    }
    return { ...row, purpose: check.purpose };
  }

  /** POST /user/confirmEmail {token}: a verification or change-of-email link. */
  async confirm(token: string): Promise<{ email: string; email_verified: 'Y' }> {
    const row = await this.spend(token, ['verify', 'change']);
    const { repo } = this.core;
    if (row.purpose === 'verify') {
      // Only while it is still his address (a later change of email makes old links worthless).
      if (!(await repo.markVerified(row.userid, row.email))) {
        throw fail(AccountErrno.LINK_INVALID, AccountMessages.linkInvalid);
      }
      return { email: row.email, email_verified: 'Y' };
    }
    const owner = await repo.idByEmail(row.email);
    if (owner && owner !== row.userid) throw fail(AccountErrno.EMAIL_TAKEN, AccountMessages.emailTaken);
    const account = await repo.find(row.userid);
    if (!account || account.deleted) throw fail(AccountErrno.LINK_INVALID, AccountMessages.linkInvalid);
    await repo.setVerifiedEmail(row.userid, row.email);
    // Links to the old address are of no use any more.
    await repo.useAllTokens(row.userid, ['verify', 'change']);
    return { email: row.email, email_verified: 'Y' };
  }

  /**
   * POST /user/requestPasswordReset {email}: answers the same whether or not the address is a
   * member's, and the mail goes out after the answer, so neither the text nor the time tells.
   */
  async requestReset(email: string, address: string, origin: string): Promise<{ msg: string }> {
    const { repo } = this.core;
    const since = new Date(this.core.now() - 3600 * 1000);
    if ((await repo.countEvents('reset-address', address, since)) >= RESET_PER_ADDRESS_HOUR) {
      throw fail(AccountErrno.MAIL_TOO_SOON, AccountMessages.mailTooSoon);
    }
    await repo.recordEvent('reset-address', address);
    void this.mailReset(email, origin).catch((error) => this.log('password reset mail', error));
    return { msg: AccountMessages.resetSent };
  }

  private async mailReset(email: string, origin: string): Promise<void> {
    const userid = await this.core.repo.idByEmail(email);
    const account = userid ? await this.core.repo.find(userid) : undefined;
    if (!account || account.deleted || account.role !== 'man') return;
    // Past the account's own limit the request is dropped quietly (the answer was sent already).
    if (!(await this.maySend(account.userid, ['reset']))) return;
    await this.issue(account, email, 'reset', origin);
  }

  /** POST /user/resetPassword {token, password}: the new password, and every session of his ends. */
  async resetPassword(token: string, password: string): Promise<{ userid: string }> {
    const check = readLinkToken(await this.core.key(), token, this.core.nowS());
    // The password is judged before the link is spent, so a refused one leaves the link usable.
    const peek = check.ok ? await this.core.repo.findToken(tokenHash(token)) : undefined;
    const account = peek ? await this.core.repo.find(peek.userid) : undefined;
    if (account) {
      const problem = passwordProblem(password, [account.email, account.nickname]);
      if (problem) throw fail(problem.errno, problem.errmsg);
    }
    const row = await this.spend(token, ['reset']);
    const { repo, deps } = this.core;
    await deps.repos.users.setPasswordHash(row.userid, await hashPassword(password));
    await repo.useAllTokens(row.userid, ['reset']);
    // The link proved the mailbox is his.
    await repo.markVerified(row.userid, row.email);
    // A lock from failed guesses ends with the reset: he proved who he is.
    await deps.repos.loginFailures.clear(row.userid);
    await deps.sessions.endAll(row.userid);
    return { userid: row.userid };
  }

  /** POST /user/changeEmail {email, password}: the new address gets a link; it counts once confirmed. */
  async changeEmail(
    caller: Caller,
    email: string,
    password: string,
    origin: string,
  ): Promise<{ pending_email: string }> {
    const { repo } = this.core;
    const account = await this.core.checkPassword(caller.userid, password);
    if (account.email === email) throw fail(AccountErrno.EMAIL_SAME, AccountMessages.emailSame);
    if (await repo.idByEmail(email)) throw fail(AccountErrno.EMAIL_TAKEN, AccountMessages.emailTaken);
    if (!(await this.maySend(caller.userid, ['verify', 'change']))) {
      throw fail(AccountErrno.MAIL_TOO_SOON, AccountMessages.mailTooSoon);
    }
    await this.issue(account, email, 'change', origin);
    return { pending_email: email };
  }
}
