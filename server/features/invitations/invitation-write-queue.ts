/**
 * The batched writes on the hot path: an invitation to a member and his tab's "shown" report
 * gather for a few milliseconds into one multi-row statement each (see batcher.ts), and a "shown"
 * that arrives while its INSERT is still queued rides on that INSERT instead of a later UPDATE.
 */
import type { InvitationKind } from '../../../protocol/realtime';
import { InFlight } from '../../core/in-flight';
import { BATCH_MAX, Batcher } from '../../storage/batcher';
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';
import type { InvitationRecord, NewInvitation, ShownInvitation } from './invitation-rows';

/** How long an insert to an idle batcher waits for others: the broadcaster's answer (and the
 * event to a member whose socket is on another process) waits as long. */
export const INSERT_GATHER_MS = 10;
/** The same for marking shown: only the report to the broadcaster waits for it. */
export const SHOWN_GATHER_MS = 20;

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

/** The queued writes of one repository (one per database handle). */
export function invitationWriteQueue(db: Db) {
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
  const queued = new InFlight<{ inv: QueuedInvitation; stored: Promise<InvitationRecord | undefined> }>();
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
     * sent → shown for an invitation to `userId` that is still alive; undefined if it was not 'sent'.
     * Batched like createForMember (every instant invitation a tab shows comes back here).
     */
    markShown: (inviteId: string, userId: string): Promise<ShownInvitation | undefined> =>
      showQueued(inviteId, userId) ?? shownBatch.run({ inviteId, userId }),
  };
}
