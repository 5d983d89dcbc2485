/**
 * Making the call (spec 002 §4 "Make-call flow", "Progress"): makeCall rings his verified phone;
 * he presses 1 (or confirmCall on the page); the center rings her private number, and the
 * translator's desk when her settings need one; when they have answered the legs are bridged and
 * each started minute is charged (call:<ref>:<call>:minute:<n>), the first at once; either hanging
 * up ends it. The state lives in call_sessions, so getCallStatus answers from any process; the
 * center only reports what its legs do.
 */
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RING_S,
  CALL_TYPE,
  type CallDisplay,
  CallErrno,
  CallMessages,
  type CallStatus,
  type MakeCallAnswer,
} from '../../../protocol/call-service/call-service';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { isUniqueViolation } from '../../storage/contract';
import { creditOf, notifyCredit } from '../money';
import type { PhoneService } from '../phone';
import type { CallCenter, LegEvent } from './call-center';
import { balanceOf, chargeMinute, noCredit } from './call-money';
import { anchorNumber, type CallOrders, inPeriod, newRef } from './call-orders';
import { callsRepository, type SessionRecord } from './calls-repository';

const fail = (errno: number, msg: string) => new ApiError(errno, msg);
/** The stand-in's translator desk: the number the center rings for a call that needs one. */
export const TRANSLATOR_DESK = '+10000000001';

export type EndReason =
  | 'completed'
  | 'member_no_answer'
  | 'anchor_no_answer'
  | 'no_credit'
  | 'hung_up'
  | 'failed';

export interface CallFlowDeps {
  db: Db;
  orders: CallOrders;
  phones: PhoneService;
  notifier: Notifier;
  /** Undefined: no call center here (makeCall answers 17721). */
  center: CallCenter | undefined;
  translatorNumber?: string;
  /** The billing clock (the live rooms' clock; tests move it). */
  now: () => number;
  tickMs: number;
  log?: (message: string, error: unknown) => void;
}

export class CallFlow {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: CallFlowDeps) {
    deps.center?.onEvent((e) => this.onLeg(e));
  }

  private get repo() {
    return callsRepository(this.deps.db);
  }

  /** POST makeCall: the center rings his phone for an accepted request. */
  async makeCall(memberId: string, refNo: string, redial: boolean): Promise<MakeCallAnswer> {
    const o = await this.deps.orders.ownOrder(memberId, refNo);
    const now = this.deps.now();
    if (o.status === 'pending' || o.status === 'declined')
      throw fail(CallErrno.NOT_ACCEPTED, CallMessages.notAccepted);
    const expired = o.status !== 'accepted' || o.deadline.getTime() <= now;
    if (o.callType === CALL_TYPE.instant && expired)
      throw fail(CallErrno.INSTANT_EXPIRED, CallMessages.instantExpired);
    if (expired || (o.scheduledAt && !inPeriod(o.scheduledAt, now)))
      throw fail(CallErrno.SCHEDULE_PERIOD, CallMessages.schedulePeriod);
    const live = await this.repo.latestSession(refNo);
    if (live && !live.endedAt) {
      if (!redial) throw fail(CallErrno.CALL_IN_PROGRESS, CallMessages.callInProgress);
      await this.end(live.callId, 'hung_up');
    }
    if ((await balanceOf(this.deps.db, memberId)) < CALL_MINUTE_HUNDREDTHS) throw noCredit();
    const center = this.deps.center;
    if (!center) throw fail(CallErrno.MEMBER_LEG_FAILED, CallMessages.callCenterDown);
    const phone = await this.deps.phones.verified(memberId);
    if (!phone) throw fail(CallErrno.MEMBER_LEG_FAILED, CallMessages.memberLegFailed);
    if (!anchorNumber(await this.repo.settings(o.anchorId)))
      throw fail(CallErrno.ANCHOR_LEG_FAILED, CallMessages.anchorLegFailed);
    const callId = newRef('CC');
    try {
      await this.repo.insertSession({
        callId,
        refNo,
        needTransaction: o.needTransaction,
        startedAt: new Date(now),
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw fail(CallErrno.CALL_IN_PROGRESS, CallMessages.callInProgress);
      throw e;
    }
    try {
      await center.ring({
        callId,
        role: 'member',
        owner: memberId,
        number: `+${phone.areaCode}${phone.phoneNo}`,
        gather: true,
      });
    } catch {
      await this.end(callId, 'failed');
      throw fail(CallErrno.MEMBER_LEG_FAILED, CallMessages.memberLegFailed);
    }
    this.startClock();
    return { ref_no: refNo, call_id: callId };
  }

  /** POST confirmCall: his confirmation on the page stands for pressing 1. */
  async confirmCall(memberId: string, refNo: string): Promise<CallStatus> {
    await this.deps.orders.ownOrder(memberId, refNo);
    const s = await this.repo.latestSession(refNo);
    if (!s || s.endedAt || !s.manConnected)
      throw fail(CallErrno.NOTHING_TO_CONFIRM, CallMessages.nothingToConfirm);
    await this.pressOne(s.callId);
    return this.status(memberId, refNo);
  }

  /** POST getCallStatus: the going (or last) call of his request; bills what fell due first. */
  async status(memberId: string, refNo: string): Promise<CallStatus> {
    const o = await this.deps.orders.ownOrder(memberId, refNo);
    let s = await this.repo.latestSession(refNo);
    if (s && !s.endedAt) {
      await this.settle(s);
      s = await this.repo.session(s.callId);
    }
    const balance = await balanceOf(this.deps.db, memberId);
    return statusOf(refNo, o.needTransaction, s, balance, this.deps.now());
  }

  /** What a leg did, as the center reports it. */
  private async onLeg(e: LegEvent): Promise<void> {
    const s = await this.repo.session(e.callId);
    if (!s || s.endedAt) return;
    if (e.kind === 'answered') {
      if (e.role === 'member') await this.repo.updateSession(e.callId, { manConnected: true });
      if (e.role === 'anchor') await this.repo.updateSession(e.callId, { anchorConnected: true });
      if (e.role === 'translator') await this.repo.updateSession(e.callId, { translatorConnected: true });
      if (e.role !== 'member') await this.connectIfReady(e.callId);
    } else if (e.kind === 'pressed') {
      if (e.role === 'member' && e.digit === '1') await this.pressOne(e.callId);
    } else {
      await this.end(e.callId, endReasonOf(s, e));
    }
  }

  /** He pressed 1 (or confirmed): the center rings her, and the translator when needed. */
  private async pressOne(callId: string): Promise<void> {
    const s = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const row = await repo.session(callId, true);
      if (!row || row.endedAt || !row.manConnected || row.press1) return undefined;
      await repo.updateSession(callId, { press1: true });
      return row;
    });
    if (!s) return;
    const order = await this.repo.order(s.refNo);
    const number = anchorNumber(await this.repo.settings(order?.anchorId ?? ''));
    const center = this.deps.center;
    try {
      if (!order || !number || !center) throw new Error('no number');
      await center.ring({ callId, role: 'anchor', owner: order.anchorId, number, gather: false });
      if (s.needTransaction) {
        const desk = this.deps.translatorNumber ?? TRANSLATOR_DESK;
        await center.ring({ callId, role: 'translator', owner: 'translator', number: desk, gather: false });
      }
    } catch (e) {
      this.deps.log?.('call center: ringing her failed', e);
      await this.end(callId, 'anchor_no_answer');
    }
  }

  /** Her leg (and the translator's when needed) answered: bridge, and the first minute is due. */
  private async connectIfReady(callId: string): Promise<void> {
    const connected = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const s = await repo.session(callId, true);
      if (!s || s.endedAt || s.connectedAt || !s.anchorConnected) return false;
      if (s.needTransaction && !s.translatorConnected) return false;
      await repo.updateSession(callId, { connectedAt: new Date(this.deps.now()) });
      return true;
    });
    if (!connected) return;
    await this.deps.center?.bridge(callId);
    const s = await this.repo.session(callId);
    if (s) await this.settle(s);
  }

  /**
   * Charges every started minute of a connected call not charged yet, once each (the row lock and
   * the ledger key), and hangs up when his credit cannot pay the next; times out unanswered legs.
   */
  private async settle(s: SessionRecord): Promise<void> {
    const now = this.deps.now();
    if (!s.connectedAt) {
      const ringingFor = now - s.startedAt.getTime();
      if (!s.manConnected && ringingFor > CALL_RING_S * 1000) await this.end(s.callId, 'member_no_answer');
      else if (s.press1 && ringingFor > 3 * CALL_RING_S * 1000) await this.end(s.callId, 'anchor_no_answer');
      return;
    }
    const due = Math.floor((now - s.connectedAt.getTime()) / 60_000) + 1;
    const out = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const row = await repo.session(s.callId, true);
      const order = row && (await repo.order(row.refNo));
      if (!row || row.endedAt || !order) return undefined;
      let balance: number | undefined;
      let charged = row.minutesCharged;
      while (charged < due) {
        const after = await chargeMinute(tx, {
          refNo: row.refNo,
          callId: row.callId,
          memberId: order.memberId,
          anchorId: order.anchorId,
          n: charged + 1,
        });
        if (after === undefined) break;
        balance = after;
        charged++;
      }
      if (charged !== row.minutesCharged) await repo.updateSession(row.callId, { minutesCharged: charged });
      return { memberId: order.memberId, balance, short: charged < due };
    });
    if (out?.balance !== undefined) await notifyCredit(this.deps.notifier, out.memberId, out.balance);
    if (out?.short) await this.end(s.callId, 'no_credit');
  }

  /** Ends a call once: every leg hung up; the request completed, missed (refunded) or still callable. */
  private async end(callId: string, reason: EndReason): Promise<void> {
    const s = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const row = await repo.session(callId, true);
      if (!row || row.endedAt) return undefined;
      await repo.updateSession(callId, { endedAt: new Date(this.deps.now()), endReason: reason });
      return row;
    });
    if (!s) return;
    await this.deps.center?.hangUp(callId).catch((e) => this.deps.log?.('call center: hang-up failed', e));
    if (s.connectedAt) await this.deps.orders.close(s.refNo, 'completed');
    else if (reason === 'anchor_no_answer') await this.deps.orders.close(s.refNo, 'missed');
  }

  /** Bills and times out the calls going on while there are any (the clock stops itself). */
  private startClock(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((e) => this.deps.log?.('call clock', e));
    }, this.deps.tickMs);
    this.timer.unref?.();
  }

  /** One round of the clock (tests call it after moving time). */
  async tick(): Promise<void> {
    const live = await this.repo.liveSessions();
    for (const s of live) await this.settle(s);
    if (live.length === 0) this.close();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function endReasonOf(s: SessionRecord, e: Extract<LegEvent, { kind: 'ended' }>): EndReason {
  if (s.connectedAt) return 'completed';
  if (e.role === 'member') return s.manConnected ? 'hung_up' : 'member_no_answer';
  return 'anchor_no_answer';
}

function statusOf(
  refNo: string,
  needTransaction: boolean,
  s: SessionRecord | undefined,
  balance: number,
  now: number,
): CallStatus {
  const ended = !s || Boolean(s.endedAt);
  const display: CallDisplay = ended
    ? 'ended'
    : s.connectedAt
      ? 'calling'
      : s.press1
        ? 'transfer'
        : 'not_connected';
  const connectedAt = s?.connectedAt?.getTime();
  const until = s?.endedAt?.getTime() ?? now;
  const bit = (v: boolean | undefined) => (v ? 1 : 0) as 0 | 1;
  return {
    ref_no: refNo,
    man_connected: bit(s?.manConnected),
    press1: bit(s?.press1),
    anchor_connected: bit(s?.anchorConnected),
    translator_connected: bit(s?.translatorConnected),
    is_end: bit(ended),
    need_transaction: bit(needTransaction),
    display,
    duration: connectedAt ? Math.max(0, Math.floor((until - connectedAt) / 1000)) : 0,
    cost: creditOf((s?.minutesCharged ?? 0) * CALL_MINUTE_HUNDREDTHS),
    credit: creditOf(balance),
    end_reason: s ? s.endReason : 'no_call',
  };
}
