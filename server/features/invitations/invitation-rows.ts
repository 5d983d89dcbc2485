/**
 * What an invitation is as the repositories speak of it, and how its row maps to it: the shared
 * columns, the "open" and "alive" conditions, and the row reader every statement uses.
 */
import type { InvitationKind, InvitationStatus } from '../../../protocol/realtime';
import { toDate, toInt, toJson } from '../../storage/rows';

export interface InvitationRecord {
  inviteId: string;
  kind: InvitationKind;
  anchorId: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  status: InvitationStatus;
  logId: string | null;
  payload: Record<string, unknown>;
  /** Credit held, in hundredths. */
  hold: number;
  shownAt: Date | null;
  clickedAt: Date | null;
  /** When it was accepted, declined, cancelled or expired. */
  closedAt: Date | null;
}

export interface NewInvitation {
  inviteId: string;
  kind: InvitationKind;
  anchorId: string;
  userId: string;
  expiresAt: Date;
  logId?: string;
  payload?: Record<string, unknown>;
  /** Defaults to the database's now(); the auto-invite engine passes its own clock's time. */
  createdAt?: Date;
}

/** What marking an invitation shown answers: enough to report it to the broadcaster. */
export interface ShownInvitation {
  inviteId: string;
  kind: InvitationKind;
  anchorId: string;
  userId: string;
  /** What the row is now. */
  status: 'shown';
  /** The member's nickname as the insert kept it (undefined for rows written before that). */
  memberNickname: string | undefined;
}

/** A refund or charge: whose credit moved and what it is now (hundredths). */
export interface CreditMove {
  userId: string;
  creditHundredths: number;
}

export interface ClosedInvitation {
  record: InvitationRecord;
  /** Set when a hold was refunded. */
  refund?: CreditMove;
}

export interface InvitationRow {
  invite_id: string;
  kind: InvitationKind;
  anchor_id: string;
  user_id: string;
  created_at: unknown;
  expires_at: unknown;
  status: InvitationStatus;
  log_id: string | null;
  payload: unknown;
  hold: unknown;
  shown_at: unknown;
  clicked_at: unknown;
  closed_at: unknown;
}

export const COLUMNS = `invite_id, kind, anchor_id, user_id, created_at, expires_at, status, log_id, payload, hold,
  shown_at, clicked_at, closed_at`;

/** Sent or shown, not yet closed: every closing sets closed_at (the partial indexes use it, not status). */
export const OPEN = 'closed_at IS NULL';
export const ALIVE = `${OPEN} AND expires_at > now()`;

export function fromRow(row: InvitationRow): InvitationRecord {
  return {
    inviteId: row.invite_id,
    kind: row.kind,
    anchorId: row.anchor_id,
    userId: row.user_id,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
    status: row.status,
    logId: row.log_id,
    payload: toJson<Record<string, unknown>>(row.payload) ?? {},
    hold: toInt(row.hold),
    shownAt: row.shown_at == null ? null : toDate(row.shown_at),
    clickedAt: row.clicked_at == null ? null : toDate(row.clicked_at),
    closedAt: row.closed_at == null ? null : toDate(row.closed_at),
  };
}
