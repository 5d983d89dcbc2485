/**
 * Sign-up: a signed proof-of-work challenge, then /user/register creates a free member (no credits;
 * a new free member's privileges; NEW_MEMBER_SAY_HI Say Hi allowances; the 3 free messages per
 * broadcaster are the messages feature's rule for everyone), signs him in and mails the link that
 * verifies his email. Bots are held off without an outside service: the proof-of-work, and
 * SIGNUP_LIMITS on accounts per address and per email domain, counted in the database so every
 * process sees the same counts.
 */
import { createHash } from 'node:crypto';
import {
  AccountErrno,
  AccountMessages,
  NEW_MEMBER_SAY_HI,
  NEW_MEMBER_SAY_HI_DAYS,
  PUBLIC_MAIL_DOMAINS,
  SIGNUP_CHALLENGE_TTL_S,
  SIGNUP_LIMITS,
  SIGNUP_POW_BITS,
  type SignupChallenge,
} from '../../../protocol/account/account';
import type { RegisterBody } from '../../../protocol/account/account-schemas';
import { isCountry } from '../../../protocol/account/countries';
import { passwordProblem } from '../../../protocol/account/passwords';
import { birthdayErrno, ProfileErrno, ProfileText } from '../../../protocol/profile/profile';
import type { MemberPriv } from '../../../protocol/types';
import { ApiError } from '../../core/errors';
import { portraitUrl } from '../../media/urls';
import { hashPassword } from '../../storage/passwords';
import type { AccountCore, OpenedSession } from './deps';
import type { EmailLinks } from './links';
import { checkProof, makeChallenge } from './proof-of-work';

/** What a new free member may use (the demo's free member M1002 holds the same). */
export const NEW_MEMBER_PRIV: MemberPriv = {
  show_pop: 1,
  send_gift_flower: 1,
  hangout: 1,
  say_hi: 1,
  public: 1,
  oneonone: 0,
  premium_video: 1,
  call: 1,
  invitation_bubble: 1,
  chatmin: 0,
  priv_mb_h5_show_gift: 1,
};

const fail = (errno: number, errmsg: string) => new ApiError(errno, errmsg);
const HOUR_MS = 3600 * 1000;

export interface SignupRequest {
  body: RegisterBody;
  address: string;
  userAgent: string;
  origin: string;
}

export class SignupService {
  constructor(
    private readonly core: AccountCore,
    private readonly links: EmailLinks,
    private readonly log: (message: string, error: unknown) => void = () => undefined,
  ) {}

  async challenge(): Promise<SignupChallenge> {
    const expires = this.core.nowS() + SIGNUP_CHALLENGE_TTL_S;
    return { challenge: makeChallenge(await this.core.key(), expires), bits: SIGNUP_POW_BITS, expires };
  }

  /** The sign-up form's own mistakes, in the order the form shows its fields. */
  private checkFields(body: RegisterBody): void {
    // The profile's own birthday rule (a real date, 18 or older), with its codes.
    const birthday = birthdayErrno(body.birthday, new Date(this.core.now()));
    if (birthday === ProfileErrno.UNDER_AGE) throw fail(birthday, ProfileText.underAge);
    if (birthday !== undefined) throw fail(birthday, ProfileText.badBirthday);
    if (!isCountry(body.country)) throw fail(AccountErrno.COUNTRY_UNKNOWN, AccountMessages.countryUnknown);
    const problem = passwordProblem(body.password, [body.email, body.nickname]);
    if (problem) throw fail(problem.errno, problem.errmsg);
  }

  private async checkLimits(address: string, domain: string): Promise<void> {
    const { repo } = this.core;
    const now = this.core.now();
    const hour = new Date(now - HOUR_MS);
    const day = new Date(now - 24 * HOUR_MS);
    if (
      (await repo.countEvents('signup-address', address, hour)) >= SIGNUP_LIMITS.perAddressHour ||
      (await repo.countEvents('signup-address', address, day)) >= SIGNUP_LIMITS.perAddressDay
    ) {
      throw fail(AccountErrno.SIGNUP_ADDRESS_LIMIT, AccountMessages.signupAddressLimit);
    }
    if (PUBLIC_MAIL_DOMAINS.has(domain)) return;
    if ((await repo.countEvents('signup-domain', domain, hour)) >= SIGNUP_LIMITS.perDomainHour) {
      throw fail(AccountErrno.SIGNUP_DOMAIN_LIMIT, AccountMessages.signupDomainLimit);
    }
  }

  async register({ body, address, userAgent, origin }: SignupRequest): Promise<OpenedSession> {
    const { repo, deps } = this.core;
    const key = await this.core.key();
    const expires = checkProof(key, body.challenge, body.nonce, SIGNUP_POW_BITS, this.core.nowS());
    if (expires === undefined) throw fail(AccountErrno.PROOF_FAILED, AccountMessages.proofFailed);
    this.checkFields(body);
    const domain = body.email.split('@')[1] ?? '';
    await this.checkLimits(address, domain);
    // Spent only now, so a form mistake above leaves the solved challenge usable for the retry.
    const challengeHash = createHash('sha256').update(body.challenge).digest('hex');
    if (!(await repo.spendChallenge(challengeHash, new Date(expires * 1000)))) {
      throw fail(AccountErrno.PROOF_FAILED, AccountMessages.proofFailed);
    }
    if (await repo.idByEmail(body.email)) throw fail(AccountErrno.EMAIL_TAKEN, AccountMessages.emailTaken);
    const passwordHash = await hashPassword(body.password);
    let userid: string;
    try {
      userid = await repo.createMember({
        email: body.email,
        passwordHash,
        nickname: body.nickname,
        priv: NEW_MEMBER_PRIV,
        photourl: portraitUrl,
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index lets one through.
      if (await repo.idByEmail(body.email)) throw fail(AccountErrno.EMAIL_TAKEN, AccountMessages.emailTaken);
      throw error;
    }
    await repo.recordEvent('signup-address', address);
    await repo.recordEvent('signup-domain', domain);
    await this.welcome(userid, body);
    const opened = await deps.sessions.open({
      user: { userid, role: 'man', nickname: body.nickname },
      address,
      userAgent,
    });
    await this.links
      .issue({ userid, nickname: body.nickname }, body.email, 'verify', origin)
      // The account stands without the mail; he can ask for it again from the security page.
      .catch((error) => this.log('verification mail', error));
    return opened;
  }

  /** His Say Hi allowances and the profile fields sign-up asked for. */
  private async welcome(userid: string, body: RegisterBody): Promise<void> {
    const { deps } = this.core;
    const expiresAt = new Date(this.core.now() + NEW_MEMBER_SAY_HI_DAYS * 24 * HOUR_MS);
    await deps.repos.vouchers.grant(
      userid,
      Array.from({ length: NEW_MEMBER_SAY_HI }, (_, i) => ({
        voucherId: `${userid}-SAYHI-${i + 1}`,
        kind: 'say_hi' as const,
        expiresAt,
      })),
    );
    await deps.saveSignupProfile?.(userid, { birthday: body.birthday, country: body.country });
  }
}
