/**
 * Invitations and a member's own requests, with the credit a request holds. Every money move goes
 * through the ledger (keys `request:<id>:hold` and `request:<id>:refund`) in one transaction with
 * the invitation row locked, so a hold is refunded at most once and a balance never goes negative.
 */
import type { InvitationKind, InvitationStatus } from '../../../protocol/realtime';
import { BATCH_MAX, Batcher } from '../../storage/batcher';
import type { Db } from '../../storage/contract';
import { toDate, toInt, toJson } from '../../storage/rows';
import { ledgerRepository } from '../money';

/** How long an insert to an idle batcher waits for others: the broadcaster's answer (and the
 * event to a member whose socket is on another process) waits as long. */
export const INSERT_GATHER_MS = 10;
/** The same for marking shown: only the report to the broadcaster waits for it. */
export const SHOWN_GATHER_MS = 20;

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

interface InvitationRow {
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

const COLUMNS = `invite_id, kind, anchor_id, user_id, created_at, expires_at, status, log_id, payload, hold,
  shown_at, clicked_at, closed_at`;
/** What the hot statements return: the rest their callers know (no jsonb or timestamps to parse). */
const CREATED_COLUMNS = `invite_id, created_at, payload->>'member_nickname' AS member_nickname`;
const SHOWN_COLUMNS = `invite_id, kind, anchor_id, user_id, payload->>'member_nickname' AS member_nickname`;

interface CreatedRow {
  invite_id: string;
  created_at: unknown;
  member_nickname: string | null;
}

interface ShownRow {
  invite_id: string;
  kind: InvitationKind;
  anchor_id: string;
  user_id: string;
  member_nickname: string | null;
}

/** An invitation waiting for its INSERT; `shownAt` is set when the member's tab reported it
 * shown before the statement went out, so the row is written shown (no UPDATE after it). */
type QueuedInvitation = NewInvitation & { shownAt?: Date };

/** A new row as its insert stored it, from what was sent and what the insert added. */
function created(inv: QueuedInvitation, row: CreatedRow): InvitationRecord {
  const payload: Record<string, unknown> = { ...inv.payload };
  if (row.member_nickname !== null) payload.member_nickname = row.member_nickname;
  return {
    inviteId: inv.inviteId,
    kind: inv.kind,
    anchorId: inv.anchorId,
    userId: inv.userId,
    createdAt: toDate(row.created_at),
    expiresAt: inv.expiresAt,
    status: inv.shownAt ? 'shown' : 'sent',
    logId: inv.logId ?? null,
    payload,
    hold: 0,
    shownAt: inv.shownAt ?? null,
    clickedAt: null,
    closedAt: null,
  };
}

const shown = (row: ShownRow): ShownInvitation => ({
  inviteId: row.invite_id,
  kind: row.kind,
  anchorId: row.anchor_id,
  userId: row.user_id,
  status: 'shown',
  memberNickname: row.member_nickname ?? undefined,
});
/** Sent or shown, not yet closed: every closing sets closed_at (the partial indexes use it, not status). */
const OPEN = 'closed_at IS NULL';
const ALIVE = `${OPEN} AND expires_at > now()`;

function fromRow(row: InvitationRow): InvitationRecord {
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

  /** Rows for many members at once; a member that does not exist gets no row (undefined). */
  async function createManyForMembers(invs: QueuedInvitation[]): Promise<(InvitationRecord | undefined)[]> {
    for (const inv of invs) leaveQueue(inv);
    const rows = await db.query<CreatedRow>(
      `INSERT INTO invitations (invite_id, kind, anchor_id, user_id, expires_at, log_id, payload, created_at,
         status, shown_at)
       SELECT v.invite_id, v.kind, v.anchor_id, m.userid, v.expires_at, v.log_id,
         v.payload::jsonb || jsonb_build_object('member_nickname', m.nickname), COALESCE(v.created_at, now()),
         CASE WHEN v.shown_at IS NULL THEN 'sent' ELSE 'shown' END, v.shown_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[],
         $8::timestamptz[], $9::timestamptz[])
         AS v(invite_id, kind, anchor_id, user_id, expires_at, log_id, payload, created_at, shown_at)
       -- LIMIT keeps this a per-row primary-key lookup: joined plainly, the planner cannot size a
       -- parameter array and may scan every member instead (15 ms a statement at 20,000 members).
       CROSS JOIN LATERAL (SELECT m.userid, u.nickname FROM members m JOIN users u ON u.userid = m.userid
         WHERE m.userid = v.user_id LIMIT 1) m
       RETURNING ${CREATED_COLUMNS}`,
      [
        invs.map((i) => i.inviteId),
        invs.map((i) => i.kind),
        invs.map((i) => i.anchorId),
        invs.map((i) => i.userId),
        invs.map((i) => i.expiresAt.toISOString()),
        invs.map((i) => i.logId ?? null),
        invs.map((i) => JSON.stringify(i.payload ?? {})),
        invs.map((i) => i.createdAt?.toISOString() ?? null),
        invs.map((i) => i.shownAt?.toISOString() ?? null),
      ],
      { prepare: 'invitations_create_many_v3' },
    );
    const byId = new Map(rows.map((row) => [row.invite_id, row]));
    return invs.map((i) => {
      const row = byId.get(i.inviteId);
      return row ? created(i, row) : undefined;
    });
  }

  /** sent → shown for many (invite, member) pairs; a pair named twice is shown once (to the first). */
  async function markManyShown(
    pairs: { inviteId: string; userId: string }[],
  ): Promise<(ShownInvitation | undefined)[]> {
    const rows = await db.query<ShownRow>(
      // `invite_id = ANY` finds the rows by primary key (a join on unnest may scan the whole table).
      `UPDATE invitations SET status = 'shown', shown_at = now()
       WHERE invite_id = ANY($1::text[]) AND status = 'sent' AND expires_at > now()
         AND EXISTS (SELECT 1 FROM unnest($1::text[], $2::text[]) AS v(v_invite, v_user)
                     WHERE v.v_invite = invite_id AND v.v_user = user_id)
       RETURNING ${SHOWN_COLUMNS}`,
      [pairs.map((p) => p.inviteId), pairs.map((p) => p.userId)],
      { prepare: 'invitations_shown_many_v2' },
    );
    const byId = new Map(rows.map((row) => [row.invite_id, row]));
    return pairs.map((p) => {
      const row = byId.get(p.inviteId);
      if (!row || row.user_id !== p.userId) return undefined;
      byId.delete(p.inviteId);
      return shown(row);
    });
  }

  /** createManyForMembers for one row: the plain statement, cheaper to plan. */
  async function createOneForMember(inv: QueuedInvitation): Promise<InvitationRecord | undefined> {
    leaveQueue(inv);
    const [row] = await db.query<CreatedRow>(
      `INSERT INTO invitations (invite_id, kind, anchor_id, user_id, expires_at, log_id, payload, created_at,
         status, shown_at)
       SELECT $1, $2, $3, m.userid, $5, $6, $7::jsonb || jsonb_build_object('member_nickname', u.nickname),
         COALESCE($8::timestamptz, now()), CASE WHEN $9::timestamptz IS NULL THEN 'sent' ELSE 'shown' END,
         $9::timestamptz
       FROM members m JOIN users u ON u.userid = m.userid WHERE m.userid = $4
       RETURNING ${CREATED_COLUMNS}`,
      [
        inv.inviteId,
        inv.kind,
        inv.anchorId,
        inv.userId,
        inv.expiresAt,
        inv.logId ?? null,
        JSON.stringify(inv.payload ?? {}),
        inv.createdAt ?? null,
        inv.shownAt ?? null,
      ],
      { prepare: 'invitations_create_one_v3' },
    );
    return row ? created(inv, row) : undefined;
  }

  /** markManyShown for one pair: the plain statement. */
  async function markOneShown(pair: { inviteId: string; userId: string }) {
    const [row] = await db.query<ShownRow>(
      `UPDATE invitations SET status = 'shown', shown_at = now()
       WHERE invite_id = $1 AND user_id = $2 AND status = 'sent' AND expires_at > now()
       RETURNING ${SHOWN_COLUMNS}`,
      [pair.inviteId, pair.userId],
      { prepare: 'invitations_shown_one_v2' },
    );
    return row ? shown(row) : undefined;
  }

  // An instant invitation reaches a socket of this process before its insert (InvitationService),
  // so these wait a little for company: fewer, larger statements (see batcher.ts).
  const createBatch = new Batcher(createManyForMembers, createOneForMember, BATCH_MAX, INSERT_GATHER_MS);

  /**
   * Inserts not yet in a statement, by invite id, with the caller's promise. The member's tab
   * usually reports the notice shown while its INSERT is still gathering company (it had the
   * notice before the insert, see InvitationService.instantInvite): then the row is written shown
   * and the UPDATE is never sent, one statement and one row version less per invitation.
   */
  const queued = new Map<string, { inv: QueuedInvitation; stored: Promise<InvitationRecord | undefined> }>();
  function leaveQueue(inv: QueuedInvitation) {
    if (queued.get(inv.inviteId)?.inv === inv) queued.delete(inv.inviteId);
  }
  /** markShown for a queued insert: undefined when it is not queued (or not his, or expired). */
  function showQueued(inviteId: string, userId: string): Promise<ShownInvitation | undefined> | undefined {
    const entry = queued.get(inviteId);
    if (!entry || entry.inv.userId !== userId || entry.inv.expiresAt.getTime() <= Date.now())
      return undefined;
    // Reported once: a second tab (or a repeat) changes nothing, as the UPDATE would find it shown.
    if (entry.inv.shownAt) return Promise.resolve(undefined);
    const inv = entry.inv;
    inv.shownAt = new Date();
    return entry.stored.then(
      (record): ShownInvitation | undefined =>
        record && {
          inviteId: record.inviteId,
          kind: record.kind,
          anchorId: record.anchorId,
          userId: record.userId,
          status: 'shown',
          memberNickname:
            typeof record.payload.member_nickname === 'string' ? record.payload.member_nickname : undefined,
        },
      () => undefined,
    );
  }
  const shownBatch = new Batcher(markManyShown, markOneShown, BATCH_MAX, SHOWN_GATHER_MS);

  return {
    async create(inv: NewInvitation): Promise<InvitationRecord> {
      return insert(db, inv, 0);
    },

    /**
     * Records an invitation to a member in one statement: the member is checked by the same INSERT
     * (undefined when there is no such member) and his nickname is kept in the payload as
     * `member_nickname`, so the report back to the broadcaster needs no second read. Concurrent
     * calls share one multi-row INSERT (see batcher.ts); each resolves once its row is stored.
     */
    createForMember(inv: NewInvitation): Promise<InvitationRecord | undefined> {
      const mine: QueuedInvitation = { ...inv };
      const stored = createBatch.run(mine);
      if (!queued.has(inv.inviteId)) queued.set(inv.inviteId, { inv: mine, stored });
      return stored;
    },

    /** Whether this invitation's INSERT has not gone out yet (markShown then rides on it). */
    isQueued: (inviteId: string): boolean => queued.has(inviteId),
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

    /**
     * sent → shown for an invitation to `userId` that is still alive; undefined if it was not 'sent'.
     * Batched like createForMember (every instant invitation a tab shows comes back here).
     */
    markShown: (inviteId: string, userId: string): Promise<ShownInvitation | undefined> =>
      showQueued(inviteId, userId) ?? shownBatch.run({ inviteId, userId }),

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
