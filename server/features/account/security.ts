/**
 * The security page: his email and devices, a new password (his other sessions end), sign out
 * everywhere, the export of his data and the deletion of his account.
 */
import { type AccountDevice, type AccountInfo, DELETED_NICKNAME } from '../../../protocol/account/account';
import { passwordProblem } from '../../../protocol/account/passwords';
import type { Caller } from '../../core/caller';
import { ApiError, notFound } from '../../core/errors';
import { portraitUrl } from '../../media/urls';
import { hashPassword } from '../../storage/passwords';
import type { AccountCore } from './deps';

/** A device's handle in the list: the start of its session's id hash (never the session id). */
const deviceId = (idHash: string) => idHash.slice(0, 16);

export class AccountSecurity {
  constructor(private readonly core: AccountCore) {}

  private async devices(userid: string, currentIdHash: string): Promise<AccountDevice[]> {
    const listed = await this.core.deps.repos.sessions.listFor(userid);
    return listed.map((s) => ({
      id: deviceId(s.idHash),
      user_agent: s.userAgent,
      address: s.address,
      signed_in: Math.floor(s.createdAt.getTime() / 1000),
      current: s.idHash === currentIdHash ? 1 : 0,
    }));
  }

  async info(caller: Caller, currentIdHash: string): Promise<AccountInfo> {
    const account = await this.core.repo.find(caller.userid);
    if (!account) throw notFound();
    return {
      userid: account.userid,
      nickname: account.nickname,
      email: account.email,
      email_verified: account.emailVerified ? 'Y' : 'N',
      pending_email: await this.core.repo.pendingEmail(caller.userid),
      devices: await this.devices(caller.userid, currentIdHash),
    };
  }

  /** A new password (the old one first); his other sessions end, and open reset links with them. */
  async changePassword(
    caller: Caller,
    currentIdHash: string,
    oldPassword: string,
    password: string,
  ): Promise<{ result: 1 }> {
    const account = await this.core.checkPassword(caller.userid, oldPassword);
    const problem = passwordProblem(password, [account.email, account.nickname]);
    if (problem) throw new ApiError(problem.errno, problem.errmsg);
    const { deps, repo } = this.core;
    await deps.repos.users.setPasswordHash(caller.userid, await hashPassword(password));
    await repo.useAllTokens(caller.userid, ['reset']);
    await deps.sessions.endAll(caller.userid, currentIdHash);
    return { result: 1 };
  }

  async signOutEverywhere(caller: Caller): Promise<{ result: 1 }> {
    await this.core.deps.sessions.endAll(caller.userid);
    return { result: 1 };
  }

  async endSession(caller: Caller, id: string): Promise<{ result: 1 }> {
    const listed = await this.core.deps.repos.sessions.listFor(caller.userid);
    const found = listed.find((s) => deviceId(s.idHash) === id);
    if (!found) throw notFound();
    await this.core.deps.sessions.endHash(caller.userid, found.idHash);
    return { result: 1 };
  }

  /**
   * What Glimmer holds about him: his account, his devices, and each feature's part (profile,
   * balances, ledger, messages, mail, bookings…) from the sources services.ts wires in.
   */
  async exportData(caller: Caller, currentIdHash: string): Promise<Record<string, unknown>> {
    const account = await this.core.repo.find(caller.userid);
    if (!account) throw notFound();
    const parts: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(this.core.deps.exportSources ?? {})) {
      parts[name] = await source(caller.userid);
    }
    return {
      format: 'glimmer-account-export/1',
      exported_at: new Date(this.core.now()).toISOString(),
      account: {
        userid: account.userid,
        nickname: account.nickname,
        email: account.email,
        email_verified: account.emailVerified,
        pending_email: await this.core.repo.pendingEmail(caller.userid),
      },
      devices: await this.devices(caller.userid, currentIdHash),
      ...parts,
    };
  }

  /**
   * Deletes his account (his password first). His personal data goes or is anonymised; his ledger
   * rows and balances stay, as the books require, under an account that can no longer sign in and
   * shows as DELETED_NICKNAME wherever broadcasters saw his name.
   */
  async deleteAccount(caller: Caller, password: string): Promise<{ result: 1 }> {
    await this.core.checkPassword(caller.userid, password);
    const { deps, repo } = this.core;
    for (const erase of deps.erasers ?? []) await erase(caller.userid);
    // The neutral silhouette drawn from the id, instead of a photo of his.
    await repo.anonymise(caller.userid, DELETED_NICKNAME, portraitUrl(caller.userid));
    await deps.sessions.endAll(caller.userid);
    return { result: 1 };
  }
}
