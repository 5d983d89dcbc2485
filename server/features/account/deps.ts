/**
 * What the account feature is handed by the composition root (server/services.ts). It imports no
 * other feature: the session opener, the other features' data for his export and the erasers for a
 * deleted account come in here, so no feature that reads accountFacts can form an import cycle.
 */
import { randomBytes } from 'node:crypto';
import { AccountErrno, AccountMessages, PASSWORD_CHECKS_PER_HOUR } from '../../../protocol/account/account';
import { Errno, loginWaitText } from '../../../protocol/errors';
import type { Role } from '../../../protocol/types';
import { ApiError } from '../../core/errors';
import type { MailProvider } from '../../providers/mail/provider';
import type { Db, StorageRepositories } from '../../storage/contract';
import { verifyPassword } from '../../storage/passwords';
import { type AccountRepository, type AccountRow, accountRepository } from './account-repository';

export interface OpenedSession {
  sessionId: string;
  device: string;
  data: unknown;
}

export interface AccountSessions {
  open(opening: {
    user: { userid: string; role: Role; nickname: string };
    address: string;
    userAgent?: string;
  }): Promise<OpenedSession>;
  /** Ends all his sessions but `keepIdHash`. */
  endAll(userid: string, keepIdHash?: string): Promise<void>;
  /** Ends one session of his by id hash. */
  endHash(userid: string, idHash: string): Promise<boolean>;
}

export interface AccountDeps {
  db: Db;
  repos: StorageRepositories;
  mail: MailProvider;
  /** PUBLIC_ORIGIN ('' when unset: links then use the address the request came to). */
  publicOrigin: string;
  sessions: AccountSessions;
  /** Sign-up's birthday and country, for his profile (server/features/profile). */
  saveSignupProfile?: (userid: string, p: { birthday: string; country: string }) => Promise<void>;
  /** Named parts of his data export, each from its feature's public module. */
  exportSources?: Record<string, (userid: string) => Promise<unknown>>;
  /** Other features' personal data of a deleted account (follows, phone, push subscriptions…). */
  erasers?: ((userid: string) => Promise<void>)[];
  now?: () => number;
}

/** What the three account services share: the deps, the repository, the signing key. */
export class AccountCore {
  readonly repo: AccountRepository;
  readonly now: () => number;
  private secret: Promise<Buffer> | undefined;

  constructor(readonly deps: AccountDeps) {
    this.repo = accountRepository(deps.db);
    this.now = deps.now ?? Date.now;
  }

  /** The key links and challenges are signed with, made once per database. */
  key(): Promise<Buffer> {
    this.secret ??= this.deps.repos.settings
      .getOrCreate('account_secret', () => randomBytes(32).toString('base64url'))
      .then((s) => Buffer.from(s, 'base64url'));
    return this.secret;
  }

  nowS(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * His account when `password` is his password; else WRONG_PASSWORD. Wrong passwords count, so a
   * stolen session cannot try passwords by the thousand (PASSWORD_CHECKS_PER_HOUR).
   */
  async checkPassword(userid: string, password: string): Promise<AccountRow> {
    const since = new Date(this.now() - 3600 * 1000);
    if ((await this.repo.countEvents('password-check', userid, since)) >= PASSWORD_CHECKS_PER_HOUR) {
      throw new ApiError(Errno.TOO_MANY_LOGINS, loginWaitText(3600));
    }
    const account = await this.repo.find(userid);
    if (account && !account.deleted && (await verifyPassword(password, account.passwordHash))) return account;
    await this.repo.recordEvent('password-check', userid);
    throw new ApiError(AccountErrno.WRONG_PASSWORD, AccountMessages.wrongPassword);
  }

  /** The app's address for links. */
  origin(requestOrigin: string): string {
    return this.deps.publicOrigin || requestOrigin;
  }
}
