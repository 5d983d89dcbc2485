/**
 * Invitations and a member's own requests, with the credit a request holds. Every money move goes
 * through the ledger (keys `request:<id>:hold` and `request:<id>:refund`) in one transaction with
 * the invitation row locked, so a hold is refunded at most once and a balance never goes negative.
 * The batched hot-path writes are in invitation-write-queue.ts, the row mapping in invitation-rows.ts.
 */
import type { InvitationKind } from '../../../protocol/realtime';
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';
import { ledgerRepository } from '../money';
import {
  ALIVE,
  type ClosedInvitation,
  COLUMNS,
  type CreditMove,
  fromRow,
  type InvitationRecord,
  type InvitationRow,
  type NewInvitation,
  OPEN,
} from './invitation-rows';
import { invitationWriteQueue } from './invitation-write-queue';

// Callers keep importing the invitation types from here; they are defined beside the row reader.
export type {
  ClosedInvitation,
  CreditMove,
  InvitationRecord,
  NewInvitation,
  ShownInvitation,
} from './invitation-rows';
export { INSERT_GATHER_MS, SHOWN_GATHER_MS } from './invitation-write-queue';

async function insert(db: Db, inv: NewInvitation, hold: number): Promise<InvitationRecord> {
  const [row] = await db.query<InvitationRow>(
    `INSERT INTO invitations (invite_id, kind, anchor_id, user_id, expires_at, log_id, payload, hold, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::timestamptz, now())) RETURNING ${COLUMNS}`,
    [
      inv.inviteId,
      inv.kind,
      inv.anchorId,
      inv.userId,
      inv.expiresAt,
      inv.logId ?? null,
      JSON.stringify(inv.payload ?? {}),
      hold,
      inv.createdAt ?? null,
    ],
  );
  if (!row) throw new Error('invitations: insert returned nothing');
  return fromRow(row);
}

/** Gives a request's hold back through the ledger (inside the caller's transaction), once per request. */
async function refundHold(tx: Db, inviteId: string, userId: string, hundredths: number): Promise<CreditMove> {
  const moved = await ledgerRepository(tx).move({
    userId,
    delta: hundredths,
    reason: 'request_refund',
    ref: inviteId,
    key: `request:${inviteId}:refund`,
    payee: null,
  });
  if (moved.status === 'insufficient') throw new Error('invitations: a refund cannot be insufficient');
  return { userId, creditHundredths: moved.entry.balanceAfter };
}

export function invitationsRepository(db: Db) {
  /** Alive invitations of these kinds, by the member's or the broadcaster's side, newest first. */
  async function aliveFor(
    side: 'user_id' | 'anchor_id',
    id: string,
    kinds: InvitationKind[],
    limit: number,
  ): Promise<InvitationRecord[]> {
    const rows = await db.query<InvitationRow>(
      `SELECT ${COLUMNS} FROM invitations WHERE ${side} = $1 AND kind = ANY($2::text[]) AND ${ALIVE}
       ORDER BY created_at DESC, invite_id LIMIT $3`,
      [id, kinds, limit],
    );
    return rows.map(fromRow);
  }

  // Invitations to a member and their "shown" reports are batched (see invitation-write-queue.ts).
  const writes = invitationWriteQueue(db);

  return {
    async create(inv: NewInvitation): Promise<InvitationRecord> {
      return insert(db, inv, 0);
    },

    /** One INSERT checks the member and keeps his nickname; concurrent calls share it (batched). */
    createForMember: writes.createForMember,

    /** Whether this invitation's INSERT has not gone out yet (markShown then rides on it). */
    isQueued: writes.isQueued,
    /**
     * Holds `hold` hundredths of the member's credit and records the request, in one transaction.
     * Undefined (nothing changed) when the credit does not cover the hold.
     */
    async createWithHold(
      inv: NewInvitation,
      hold: number,
    ): Promise<{ record: InvitationRecord; creditHundredths: number } | undefined> {
      return db.transaction(async (tx) => {
        const moved = await ledgerRepository(tx).move({
          userId: inv.userId,
          delta: -hold,
          reason: 'request_hold',
          ref: inv.inviteId,
          key: `request:${inv.inviteId}:hold`,
          payee: inv.anchorId,
        });
        if (moved.status !== 'moved') return undefined;
        const record = await insert(tx, inv, hold);
        return { record, creditHundredths: moved.entry.balanceAfter };
      });
    },

    async find(inviteId: string): Promise<InvitationRecord | undefined> {
      const [row] = await db.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE invite_id = $1`, [
        inviteId,
      ]);
      return row ? fromRow(row) : undefined;
    },

    async findByLogId(logId: string): Promise<InvitationRecord | undefined> {
      const [row] = await db.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE log_id = $1`, [
        logId,
      ]);
      return row ? fromRow(row) : undefined;
    },

    markShown: writes.markShown,

    async markClicked(inviteId: string): Promise<void> {
      await db.query('UPDATE invitations SET clicked_at = coalesce(clicked_at, now()) WHERE invite_id = $1', [
        inviteId,
      ]);
    },

    /**
     * Closes an open, alive invitation (accepted, declined, cancelled). A hold is refunded unless
     * it was accepted (then it pays the first minute). Undefined when it was not open.
     */
    async close(
      inviteId: string,
      status: 'accepted' | 'declined' | 'cancelled',
    ): Promise<ClosedInvitation | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.query<{ hold: unknown }>(
          `SELECT hold FROM invitations WHERE invite_id = $1 AND ${ALIVE} FOR UPDATE`,
          [inviteId],
        );
        if (!locked) return undefined;
        const held = toInt(locked.hold);
        const refundable = status !== 'accepted' && held > 0;
        const [row] = await tx.query<InvitationRow>(
          `UPDATE invitations SET status = $2, closed_at = now(), hold = $3 WHERE invite_id = $1
           RETURNING ${COLUMNS}`,
          [inviteId, status, refundable ? 0 : held],
        );
        if (!row) return undefined;
        const record = fromRow(row);
        const refund = refundable ? await refundHold(tx, record.inviteId, record.userId, held) : undefined;
        return { record, refund };
      });
    },

    /** Marks every open invitation past its time expired and refunds their holds. */
    async expireDue(): Promise<{ records: InvitationRecord[]; refunds: CreditMove[] }> {
      return db.transaction(async (tx) => {
        const due = await tx.query<{ invite_id: string; hold: unknown }>(
          `SELECT invite_id, hold FROM invitations WHERE ${OPEN} AND expires_at <= now()
           ORDER BY invite_id LIMIT 500 FOR UPDATE SKIP LOCKED`,
        );
        if (due.length === 0) return { records: [], refunds: [] };
        const held = new Map(due.map((d) => [d.invite_id, toInt(d.hold)]));
        const rows = await tx.query<InvitationRow>(
          `UPDATE invitations SET status = 'expired', closed_at = now(), hold = 0
           WHERE invite_id = ANY($1::text[]) RETURNING ${COLUMNS}`,
          [[...held.keys()]],
        );
        const records = rows.map(fromRow);
        const refunds: CreditMove[] = [];
        for (const r of records) {
          const amount = held.get(r.inviteId) ?? 0;
          if (amount > 0) refunds.push(await refundHold(tx, r.inviteId, r.userId, amount));
        }
        return { records, refunds };
      });
    },

    /** Alive invitations of these kinds to a member, newest first. */
    aliveForMember: (userId: string, kinds: InvitationKind[], limit: number) =>
      aliveFor('user_id', userId, kinds, limit),

    /** Alive invitations of these kinds to a broadcaster (members' requests), newest first. */
    aliveForAnchor: (anchorId: string, kinds: InvitationKind[], limit: number) =>
      aliveFor('anchor_id', anchorId, kinds, limit),

    /** An alive invitation of this kind between the two, if any. */
    async aliveBetween(
      userId: string,
      anchorId: string,
      kind: InvitationKind,
    ): Promise<InvitationRecord | undefined> {
      const [row] = await db.query<InvitationRow>(
        `SELECT ${COLUMNS} FROM invitations WHERE user_id = $1 AND anchor_id = $2 AND kind = $3 AND ${ALIVE}
         ORDER BY created_at DESC LIMIT 1`,
        [userId, anchorId, kind],
      );
      return row ? fromRow(row) : undefined;
    },

    /** Broadcasters who invited this member (any broadcaster-sent kind) since `since`. */
    async anchorsInvitedSince(userId: string, since: Date): Promise<Set<string>> {
      const rows = await db.query<{ anchor_id: string }>(
        `SELECT DISTINCT anchor_id FROM invitations
         WHERE user_id = $1 AND created_at > $2 AND kind NOT IN ('request_instant', 'request_hangout')`,
        [userId, since],
      );
      return new Set(rows.map((r) => r.anchor_id));
    },

    async recordClick(click: {
      userId: string;
      anchorId: string;
      inviteId: string | null;
      kind: string;
      isAuto: 0 | 1;
    }): Promise<void> {
      await db.query(
        'INSERT INTO invitation_clicks (user_id, anchor_id, invite_id, kind, is_auto) VALUES ($1, $2, $3, $4, $5)',
        [click.userId, click.anchorId, click.inviteId, click.kind, click.isAuto],
      );
    },

    async clicks(
      userId: string,
    ): Promise<{ anchorId: string; inviteId: string | null; kind: string; isAuto: number }[]> {
      const rows = await db.query<{
        anchor_id: string;
        invite_id: string | null;
        kind: string;
        is_auto: unknown;
      }>('SELECT anchor_id, invite_id, kind, is_auto FROM invitation_clicks WHERE user_id = $1 ORDER BY id', [
        userId,
      ]);
      return rows.map((r) => ({
        anchorId: r.anchor_id,
        inviteId: r.invite_id,
        kind: r.kind,
        isAuto: toInt(r.is_auto),
      }));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
