/**
 * accountFacts: a member's login email and whether it is verified, for the features that show them
 * (the profile's getUserInfo: email, email_verified). Reads only the users table's account columns.
 */
import type { Db } from '../../storage/contract';
import { accountRepository } from './account-repository';

export interface AccountFactsOf {
  /** '' when he has none (the demo members). */
  email: string;
  email_verified: boolean;
}

export type AccountFacts = (userid: string) => Promise<AccountFactsOf>;

export function accountFacts(db: Db): AccountFacts {
  const repo = accountRepository(db);
  return async (userid) => {
    const account = await repo.find(userid);
    return { email: account?.email ?? '', email_verified: account?.emailVerified ?? false };
  };
}
