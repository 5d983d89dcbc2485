/** Call-service rows (migration 056): her settings, requests and the calls placed (authorizations: call-me-repository.ts). */
import type { CallOrderStatus, CallType } from '../../../protocol/call-service/call-service';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface AnchorCallSettings {
  anchorId: string;
  areaCode: string;
  phoneNo: string;
  needTranslator: boolean;
  callHours: number[];
}

export interface OrderRecord {
  refNo: string;
  memberId: string;
  anchorId: string;
  anchorNickname: string;
  anchorAvatar: string;
  callType: CallType;
  status: CallOrderStatus;
  scheduledAt: Date | null;
  needTransaction: boolean;
  message: string;
  feeRound: number;
  feeHeld: boolean;
  authorizationRef: string | null;
  createdAt: Date;
  deadline: Date;
}

export interface SessionRecord {
  callId: string;
  refNo: string;
  manConnected: boolean;
  press1: boolean;
  anchorConnected: boolean;
  translatorConnected: boolean;
  needTransaction: boolean;
  startedAt: Date;
  connectedAt: Date | null;
  endedAt: Date | null;
  endReason: string;
  minutesCharged: number;
}

const ORDER_SELECT = `SELECT o.*, u.nickname, u.photourl FROM call_orders o JOIN users u ON u.userid = o.anchor_id`;

export type Row = Record<string, unknown>;
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : toDate(v));

const orderOf = (r: Row): OrderRecord => ({
  refNo: str(r.ref_no),
  memberId: str(r.member_id),
  anchorId: str(r.anchor_id),
  anchorNickname: str(r.nickname),
  anchorAvatar: str(r.photourl),
  callType: toInt(r.call_type) as CallType,
  status: str(r.status) as CallOrderStatus,
  scheduledAt: dateOrNull(r.scheduled_at),
  needTransaction: r.need_transaction === true,
  message: str(r.message),
  feeRound: toInt(r.fee_round),
  feeHeld: r.fee_held === true,
  authorizationRef: typeof r.authorization_ref === 'string' ? r.authorization_ref : null,
  createdAt: toDate(r.created_at),
  deadline: toDate(r.deadline),
});

const sessionOf = (r: Row): SessionRecord => ({
  callId: str(r.call_id),
  refNo: str(r.ref_no),
  manConnected: r.man_connected === true,
  press1: r.press1 === true,
  anchorConnected: r.anchor_connected === true,
  translatorConnected: r.translator_connected === true,
  needTransaction: r.need_transaction === true,
  startedAt: toDate(r.started_at),
  connectedAt: dateOrNull(r.connected_at),
  endedAt: dateOrNull(r.ended_at),
  endReason: str(r.end_reason),
  minutesCharged: toInt(r.minutes_charged),
});

export interface NewOrder {
  refNo: string;
  memberId: string;
  anchorId: string;
  callType: CallType;
  scheduledAt: Date | null;
  needTransaction: boolean;
  message: string;
  feeHeld: boolean;
  authorizationRef: string | null;
  createdAt: Date;
  deadline: Date;
}

export function callsRepository(db: Db) {
  return {
    async settings(anchorId: string): Promise<AnchorCallSettings | undefined> {
      const [r] = await db.query<Row>('SELECT * FROM anchor_call_settings WHERE anchor_id = $1', [anchorId]);
      if (!r) return undefined;
      return {
        anchorId,
        areaCode: str(r.area_code),
        phoneNo: str(r.phone_no),
        needTranslator: r.need_translator === true,
        callHours: (Array.isArray(r.call_hours) ? r.call_hours : []).map(toInt),
      };
    },

    async saveSettings(s: AnchorCallSettings): Promise<void> {
      await db.query(
        `INSERT INTO anchor_call_settings (anchor_id, area_code, phone_no, need_translator, call_hours)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (anchor_id) DO UPDATE SET area_code = $2, phone_no = $3, need_translator = $4, call_hours = $5`,
        [s.anchorId, s.areaCode, s.phoneNo, s.needTranslator, s.callHours],
      );
    },

    /** Her privileges' call flags, her account status and whether she is online; undefined: no such broadcaster. */
    async anchorFacts(
      anchorId: string,
    ): Promise<{ callInstant: boolean; callSchedule: boolean; suspended: boolean } | undefined> {
      const [r] = await db.query<{ priv: Record<string, unknown>; account_status: unknown }>(
        'SELECT priv, account_status FROM anchors WHERE userid = $1',
        [anchorId],
      );
      if (!r) return undefined;
      return {
        callInstant: Number(r.priv?.call_instant) === 1,
        callSchedule: Number(r.priv?.call_schedule) === 1,
        suspended: toInt(r.account_status) === 3,
      };
    },

    async memberMayCall(memberId: string): Promise<boolean> {
      const [r] = await db.query<{ priv: Record<string, unknown> }>(
        'SELECT priv FROM members WHERE userid = $1',
        [memberId],
      );
      return Number(r?.priv?.call) === 1;
    },

    async memberExists(memberId: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM members WHERE userid = $1', [memberId])).length > 0;
    },

    /** Broadcasters who take calls (either flag), online first. */
    async callAnchors(): Promise<Row[]> {
      return db.query<Row>(
        `SELECT a.userid, u.nickname, u.photourl, a.state, a.priv FROM anchors a JOIN users u ON u.userid = a.userid
         WHERE a.account_status <> 3 AND ((a.priv->>'call_instant') = '1' OR (a.priv->>'call_schedule') = '1')
         ORDER BY (a.state <> 'offline') DESC, a.hot_score DESC, a.userid LIMIT 100`,
      );
    },

    async insertOrder(o: NewOrder): Promise<void> {
      await db.query(
        `INSERT INTO call_orders (ref_no, member_id, anchor_id, call_type, status, scheduled_at, need_transaction,
           message, fee_held, authorization_ref, created_at, deadline)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11)`,
        [
          o.refNo,
          o.memberId,
          o.anchorId,
          o.callType,
          o.scheduledAt,
          o.needTransaction,
          o.message,
          o.feeHeld,
          o.authorizationRef,
          o.createdAt,
          o.deadline,
        ],
      );
    },

    async order(refNo: string, lock = false): Promise<OrderRecord | undefined> {
      const [r] = await db.query<Row>(
        `${ORDER_SELECT} WHERE o.ref_no = $1${lock ? ' FOR UPDATE OF o' : ''}`,
        [refNo],
      );
      return r && orderOf(r);
    },

    async updateOrder(
      refNo: string,
      set: Partial<{
        status: CallOrderStatus;
        deadline: Date;
        feeHeld: boolean;
        feeRound: number;
        message: string;
        answeredAt: Date;
      }>,
    ): Promise<void> {
      const cols: [string, unknown][] = [];
      if (set.status !== undefined) cols.push(['status', set.status]);
      if (set.deadline !== undefined) cols.push(['deadline', set.deadline]);
      if (set.feeHeld !== undefined) cols.push(['fee_held', set.feeHeld]);
      if (set.feeRound !== undefined) cols.push(['fee_round', set.feeRound]);
      if (set.message !== undefined) cols.push(['message', set.message]);
      if (set.answeredAt !== undefined) cols.push(['answered_at', set.answeredAt]);
      if (cols.length === 0) return;
      await db.query(
        `UPDATE call_orders SET ${cols.map(([c], i) => `${c} = $${i + 2}`).join(', ')} WHERE ref_no = $1`,
        [refNo, ...cols.map(([, v]) => v)],
      );
    },

    /** Open orders past their deadline (pending, accepted or declined): what settling looks at. */
    async dueRefs(now: Date, who: { memberId?: string; anchorId?: string }): Promise<string[]> {
      const rows = await db.query<{ ref_no: string }>(
        `SELECT ref_no FROM call_orders
         WHERE deadline <= $1 AND status IN ('pending', 'accepted')
           AND ($2::text IS NULL OR member_id = $2) AND ($3::text IS NULL OR anchor_id = $3)
         ORDER BY deadline LIMIT 200`,
        [now, who.memberId ?? null, who.anchorId ?? null],
      );
      return rows.map((r) => r.ref_no);
    },

    async memberOrders(memberId: string, callType: CallType): Promise<OrderRecord[]> {
      const rows = await db.query<Row>(
        `${ORDER_SELECT} WHERE o.member_id = $1 AND o.call_type = $2 ORDER BY o.created_at DESC LIMIT 100`,
        [memberId, callType],
      );
      return rows.map(orderOf);
    },

    async anchorOrders(anchorId: string): Promise<OrderRecord[]> {
      const rows = await db.query<Row>(
        `${ORDER_SELECT} WHERE o.anchor_id = $1 ORDER BY (o.status = 'pending') DESC, o.created_at DESC LIMIT 100`,
        [anchorId],
      );
      return rows.map(orderOf);
    },

    /** Her scheduled calls' times from `from` on that still hold the time (pending or accepted). */
    async takenTimes(anchorId: string, from: Date): Promise<number[]> {
      const rows = await db.query<{ scheduled_at: unknown }>(
        `SELECT scheduled_at FROM call_orders WHERE anchor_id = $1 AND call_type = 2
           AND status IN ('pending', 'accepted') AND scheduled_at >= $2`,
        [anchorId, from],
      );
      return rows.map((r) => toDate(r.scheduled_at).getTime());
    },

    async counts(memberId: string): Promise<{ scheduled: number; requests: number }> {
      const [r] = await db.query<{ scheduled: unknown; requests: unknown }>(
        `SELECT count(*) FILTER (WHERE call_type = 2 AND status IN ('pending', 'accepted')) AS scheduled,
                count(*) FILTER (WHERE call_type = 1 AND status IN ('pending', 'accepted')) AS requests
         FROM call_orders WHERE member_id = $1`,
        [memberId],
      );
      return { scheduled: toInt(r?.scheduled ?? 0), requests: toInt(r?.requests ?? 0) };
    },

    // ---- Calls the center places.
    async insertSession(s: {
      callId: string;
      refNo: string;
      needTransaction: boolean;
      startedAt: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO call_sessions (call_id, ref_no, need_transaction, started_at) VALUES ($1, $2, $3, $4)`,
        [s.callId, s.refNo, s.needTransaction, s.startedAt],
      );
    },

    async session(callId: string, lock = false): Promise<SessionRecord | undefined> {
      const [r] = await db.query<Row>(
        `SELECT * FROM call_sessions WHERE call_id = $1${lock ? ' FOR UPDATE' : ''}`,
        [callId],
      );
      return r && sessionOf(r);
    },

    /** The request's going call, else its latest. */
    async latestSession(refNo: string): Promise<SessionRecord | undefined> {
      const [r] = await db.query<Row>(
        `SELECT * FROM call_sessions WHERE ref_no = $1 ORDER BY (ended_at IS NULL) DESC, started_at DESC LIMIT 1`,
        [refNo],
      );
      return r && sessionOf(r);
    },

    /** Calls going on (connected or not): what the clock bills and times out. */
    async liveSessions(): Promise<SessionRecord[]> {
      const rows = await db.query<Row>('SELECT * FROM call_sessions WHERE ended_at IS NULL LIMIT 500');
      return rows.map(sessionOf);
    },

    async updateSession(
      callId: string,
      set: Partial<{
        manConnected: boolean;
        press1: boolean;
        anchorConnected: boolean;
        translatorConnected: boolean;
        connectedAt: Date;
        endedAt: Date;
        endReason: string;
        minutesCharged: number;
      }>,
    ): Promise<void> {
      const names: Record<string, string> = {
        manConnected: 'man_connected',
        press1: 'press1',
        anchorConnected: 'anchor_connected',
        translatorConnected: 'translator_connected',
        connectedAt: 'connected_at',
        endedAt: 'ended_at',
        endReason: 'end_reason',
        minutesCharged: 'minutes_charged',
      };
      const cols = Object.entries(set).filter(([, v]) => v !== undefined);
      if (cols.length === 0) return;
      await db.query(
        `UPDATE call_sessions SET ${cols.map(([k], i) => `${names[k]} = $${i + 2}`).join(', ')} WHERE call_id = $1`,
        [callId, ...cols.map(([, v]) => v)],
      );
    },
  };
}

export type CallsRepository = ReturnType<typeof callsRepository>;
