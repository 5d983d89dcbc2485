/** All repositories over one database handle (pass a transaction handle to work inside it). */

import { anchorsRepository } from './features/discover';
import { giftsRepository } from './features/gifts';
import { type InvitationsRepository, invitationsRepository } from './features/invitations';
import { followsRepository, type MessagesRepository, messagesRepository } from './features/messages';
import { type LedgerRepository, ledgerRepository } from './features/money';
import { type OrdersRepository, ordersRepository } from './features/payments';
import {
  loginFailuresRepository,
  type MembersRepository,
  membersRepository,
  type SessionsRepository,
  sessionsRepository,
  usersRepository,
} from './features/session';
import {
  type ShowsRepository,
  showsRepository,
  type TicketsRepository,
  ticketsRepository,
} from './features/shows';
import { type VouchersRepository, vouchersRepository } from './features/vouchers';
import type { Db, StorageRepositories } from './storage/contract';
import { settingsRepository } from './storage/settings';

/** The feature repositories' own methods, beyond the storage contract. */
declare module './storage/contract' {
  interface StorageRepositories {
    sessions: SessionsRepository;
    shows: ShowsRepository;
    members: MembersRepository;
    invitations: InvitationsRepository;
    ledger: LedgerRepository;
    vouchers: VouchersRepository;
    tickets: TicketsRepository;
    /** Private messages, conversations, Intimacy, contacts. */
    messages: MessagesRepository;
    orders: OrdersRepository;
  }
}

export type { StorageRepositories };

export function createRepositories(db: Db): StorageRepositories {
  return {
    users: usersRepository(db),
    members: membersRepository(db),
    anchors: anchorsRepository(db),
    follows: followsRepository(db),
    gifts: giftsRepository(db),
    shows: showsRepository(db),
    sessions: sessionsRepository(db),
    loginFailures: loginFailuresRepository(db),
    settings: settingsRepository(db),
    invitations: invitationsRepository(db),
    ledger: ledgerRepository(db),
    vouchers: vouchersRepository(db),
    tickets: ticketsRepository(db),
    messages: messagesRepository(db),
    orders: ordersRepository(db),
  };
}
