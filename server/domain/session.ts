/**
 * Logging in and out, and finding who a session belongs to. Passwords are checked with the storage
 * helper's scrypt; failures are counted per user id and per address to slow guessing down.
 */
import { randomBytes } from 'node:crypto';
import { LOGIN_FAILURE_WINDOW_S, LOGIN_MAX_FAILURES, SESSION_LIFETIME_S } from '../../protocol/constants';
import { Errno, Messages } from '../../protocol/errors';
import type { LoginData, Role } from '../../protocol/types';
import type { Bus } from '../bus';
import type { Notifier } from '../realtime/deliver';
import type { SessionRecord } from '../storage/contract';
import { verifyPassword } from '../storage/passwords';
import type { StorageRepositories } from '../storage/repositories';
import { sessionIdHash } from '../storage/repositories/sessions';
import { ApiError } from './errors';
import { SessionCache } from './session-cache';

export interface LoginResult {
  sessionId: string;
  data: LoginData;
}

export interface Session extends SessionRecord {
  sessionId: string;
  /** What socket tokens carry to name the session (the stored hash, never the id). */
  idHash: string;
}

export class SessionService {
  constructor(
    private readonly repos: StorageRepositories,
    private readonly notifier?: Notifier,
    /** Sessions looked up lately; see session-cache.ts for how an ended one stops working. */
    private readonly cache = new SessionCache(),
  ) {}

  /** Hears sessions ended on other processes; call once the bus is open. Returns an unsubscribe. */
  followBus(bus: Bus): Promise<() => Promise<void>> {
    return this.cache.follow(bus);
  }

  /** `role` is the login page used: a member id at the broadcaster login is wrong credentials. */
  async login(role: Role, userid: string, password: string, address: string): Promise<LoginResult> {
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_S * 1000);
    // Checked before the password so that a guess that happens to be right is refused too.
    if ((await this.repos.loginFailures.count(userid, address, since)) >= LOGIN_MAX_FAILURES) {
      throw new ApiError(Errno.TOO_MANY_LOGINS, Messages.tooManyLogins);
    }
    const user = await this.repos.users.find(userid);
    const ok =
      user !== undefined && user.role === role && (await verifyPassword(password, user.passwordHash));
    if (!ok || !user) {
      await this.repos.loginFailures.record(userid, address);
      throw new ApiError(Errno.WRONG_CREDENTIALS, Messages.wrongCredentials);
    }
    await this.repos.loginFailures.clear(userid);
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_S * 1000);
    await this.repos.sessions.create(sessionId, user.userid, user.role, expiresAt);
    // One session per account: a login elsewhere ends the others and kicks their sockets off.
    await this.repos.sessions.deleteOthers(user.userid, sessionId);
    const idHash = sessionIdHash(sessionId);
    // Forgotten here at once; other processes' caches drop them when the kick-off reaches them.
    this.cache.dropOthers(user.userid, idHash);
    await this.notifier?.kickOthers(user.userid, idHash);
    return { sessionId, data: { userid: user.userid, role: user.role, nickname: user.nickname } };
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    await this.repos.sessions.delete(sessionId);
    await this.cache.announceEnded(sessionIdHash(sessionId));
  }

  /** The live session for this id, or undefined when it is unknown or expired. */
  async resolve(sessionId: string | undefined): Promise<Session | undefined> {
    if (!sessionId || sessionId.length > 128) return undefined;
    const cached = this.cache.get(sessionId);
    if (cached) return { ...cached };
    const mark = this.cache.mark();
    const found = await this.repos.sessions.find(sessionId);
    if (!found || found.expiresAt.getTime() <= Date.now()) return undefined;
    const session = { ...found, sessionId, idHash: sessionIdHash(sessionId) };
    this.cache.put(session, mark);
    return { ...session };
  }
}
