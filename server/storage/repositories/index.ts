/** All repositories over one database handle (pass a transaction handle to work inside it). */
import type { Db, Repositories } from '../contract';
import { anchorsRepository } from './anchors';
import { followsRepository } from './follows';
import { giftsRepository } from './gifts';
import { type InvitationsRepository, invitationsRepository } from './invitations';
import { type LedgerRepository, ledgerRepository } from './ledger';
import { loginFailuresRepository } from './login-failures';
import { type MembersRepository, membersRepository } from './members';
import { type MessagesRepository, messagesRepository } from './messages';
import { type OrdersRepository, ordersRepository } from './orders';
import { type SessionsRepository, sessionsRepository } from './sessions';
import { settingsRepository } from './settings';
import { type ShowsRepository, showsRepository } from './shows';
import { type TicketsRepository, ticketsRepository } from './tickets';
import { usersRepository } from './users';
import { type VouchersRepository, vouchersRepository } from './vouchers';

/** `Repositories` plus the few methods storage adds beyond the contract. */
export type StorageRepositories = Repositories & {
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
};

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
