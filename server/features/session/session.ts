/**
 * Logging in and out, suspensions, and finding who a session belongs to. Every login attempt passes
 * the login guard (throttling per account and per address, see login-guard.ts); an unknown id or
 * one of the other side costs a dummy hash, so it answers as late and as alike as a wrong password.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATUS_SUSPENDED, SESSION_LIFETIME_S } from '../../../protocol/constants';
import { Errno, Messages } from '../../../protocol/errors';
import type { LoginData, Role } from '../../../protocol/types';
import type { Bus } from '../../bus/index';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Session, StorageRepositories } from '../../storage/contract';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from '../../storage/passwords';
import type { LoginGuard } from './login-guard';
import { SessionCache } from './session-cache';
import { sessionIdHash } from './sessions-repository';

export interface LoginResult {
  sessionId: string;
  /** The device cookie to keep in this browser: its later attempts for this account are trusted. */
  device: string;
  data: LoginData;
}

export interface LoginAttempt {
  role: Role;
  userid: string;
  password: string;
  /** The client's address (the socket's, or the trusted proxy's X-Forwarded-For). */
  address: string;
  /** The device cookie the browser sent, if any. */
  device: string | undefined;
  /** The browser's User-Agent, kept with the session for his list of devices. */
  userAgent?: string;
}

/** Who a new session is for, and from where (sign-in and sign-up). */
export interface SessionOpening {
  user: { userid: string; role: Role; nickname: string };
  address: string;
  userAgent?: string;
}

export type { Session };

export class SessionService {
  constructor(
    private readonly repos: StorageRepositories,
    private readonly guard: LoginGuard,
    private readonly notifier?: Notifier,
    /** Sessions looked up lately; see session-cache.ts for how an ended one stops working. */
    private readonly cache = new SessionCache(),
  ) {}

  /** Hears sessions ended on other processes; call once the bus is open. Returns an unsubscribe. */
  followBus(bus: Bus): Promise<() => Promise<void>> {
    return this.cache.follow(bus);
  }

  /**
   * A member may sign in with his email instead of his id (server/features/account, wired in
   * services.ts): the id it belongs to, or undefined. An unknown email is then throttled and
   * answered like an unknown id.
   */
  loginIdOf?: (email: string) => Promise<string | undefined>;

  /**
   * Runs for every new member session, sign-in and sign-up alike, before it is answered (wired in
   * services.ts: the backpack's new-user gift package). It must not throw.
   */
  memberSessionOpened?: (userid: string) => Promise<void>;

  /** `role` is the login page used: a member id at the broadcaster login is wrong credentials. */
  /** The account id a login form's first field names: an id as it is, a member's email as his id. */
  async resolveLogin(login: string): Promise<string> {
    if (!login.includes('@') || !this.loginIdOf) return login;
    return (await this.loginIdOf(login)) ?? login;
  }

  async login(login: LoginAttempt): Promise<LoginResult> {
    const { role, password, address, device } = login;
    const userid = await this.resolveLogin(login.userid);
    const trusted = await this.guard.knows(device, userid);
    // Counted before the password is checked, so a guess that happens to be right is refused too.
    const attempt = await this.guard.admit(userid, address, trusted);
    const user = await this.repos.users.find(userid);
    const ok =
      user !== undefined && user.role === role
        ? await verifyPassword(password, user.passwordHash)
        : await verifyDummy(password);
    await this.guard.settle(userid, attempt, ok);
    if (!user) throw new ApiError(Errno.WRONG_CREDENTIALS, Messages.wrongCredentials);
    // Told only to someone who knows the password.
    if (user.suspended) throw new ApiError(Errno.ACCOUNT_SUSPENDED, Messages.accountSuspended);
    if (needsRehash(user.passwordHash)) {
      await this.repos.users.setPasswordHash(user.userid, await hashPassword(password));
    }
    return this.open({ user, address, userAgent: login.userAgent });
  }

  /**
   * Starts a session for a user whose credentials were checked (a login, a new sign-up). One
   * session per account: it ends his others and kicks their sockets off.
   */
  async open({ user, address, userAgent = '' }: SessionOpening): Promise<LoginResult> {
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_S * 1000);
    await this.repos.sessions.create(sessionId, user.userid, user.role, expiresAt);
    await this.repos.sessions.describe(sessionId, userAgent, address);
    // One session per account: a login elsewhere ends the others and kicks their sockets off.
    await this.repos.sessions.deleteOthers(user.userid, sessionId);
    const idHash = sessionIdHash(sessionId);
    // Forgotten here at once; other processes' caches drop them when the kick-off reaches them.
    this.cache.dropOthers(user.userid, idHash);
    await this.notifier?.kickOthers(user.userid, idHash);
    if (user.role === 'man') await this.memberSessionOpened?.(user.userid);
    return {
      sessionId,
      device: await this.guard.deviceCookie(user.userid),
      data: { userid: user.userid, role: user.role, nickname: user.nickname },
    };
  }

  /**
   * Ends every session of his but `keepIdHash` (none kept when it is undefined), on every process:
   * a new password, a reset, sign out everywhere, a deleted account.
   */
  async endAll(userid: string, keepIdHash?: string): Promise<void> {
    for (const listed of await this.repos.sessions.listFor(userid)) {
      if (listed.idHash === keepIdHash) continue;
      await this.repos.sessions.deleteHash(userid, listed.idHash);
      await this.cache.announceEnded({ userid, idHash: listed.idHash });
    }
    // Sessions past their time are not listed; they could not be used anyway.
    if (keepIdHash === undefined) await this.repos.sessions.deleteAll(userid);
    // Their sockets hear the kick-off and close, on every process.
    await this.notifier?.kickOthers(userid, keepIdHash ?? '');
  }

  /** Ends one session of his by its id hash (a device in his list); false when it is not his. */
  async endHash(userid: string, idHash: string): Promise<boolean> {
    const gone = await this.repos.sessions.deleteHash(userid, idHash);
    // Its sockets stop with the session: the gateway checks that their session lives.
    await this.cache.announceEnded({ userid, idHash });
    return gone;
  }

  /**
   * Ends the session; its sockets close and its presence goes, on every process. A broadcaster with
   * no session left is offline again, whatever she was (live included).
   */
  async logout(sessionId: string | undefined): Promise<void> {
    if (!sessionId || sessionId.length > 128) return;
    const userid = await this.repos.sessions.delete(sessionId);
    // Dropped here even when the row was gone already, so a cached copy cannot outlive it.
    await this.cache.announceEnded({ userid: userid ?? '', idHash: sessionIdHash(sessionId) });
    if (userid) await this.repos.anchors.signedOut(userid);
  }

  /**
   * Suspends (account_status 3) or restores (1) a broadcaster. A suspension ends every session and
   * socket of hers at once; she can no longer sign in, and nothing of hers can be bought.
   */
  async setAccountStatus(
    userid: string,
    status: number,
  ): Promise<{ userid: string; account_status: number }> {
    if (!(await this.repos.users.setAccountStatus(userid, status))) {
      throw new ApiError(Errno.NOT_FOUND, Messages.notFound);
    }
    if (status === ACCOUNT_STATUS_SUSPENDED) {
      await this.repos.sessions.deleteAll(userid);
      await this.cache.announceEnded({ userid });
      await this.repos.anchors.signedOut(userid);
    }
    return { userid, account_status: status };
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
