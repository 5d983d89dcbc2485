/**
 * Call requests (spec 002 §3–§5): he sends an instant or a scheduled request (the reservation fee
 * charged, or waived by her granted call-me authorization), leaves a message; she accepts or
 * declines (his fee refunded), and accepts a declined one again up to one hour before the call (an
 * instant request's "call" is an hour after her decline), charging the fee again. Requests past
 * their deadline expire and are refunded when anyone next reads them (settleDue).
 */
import { randomBytes } from 'node:crypto';
import {
  CALL_REACCEPT_S,
  CALL_TYPE,
  type CallCounters,
  CallErrno,
  CallEvent,
  CallMessages,
  type CallOrder,
  type CallType,
  INSTANT_ANSWER_S,
  INSTANT_CALL_WITHIN_S,
  SCHEDULE_EARLY_S,
  SCHEDULE_LATE_S,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_LEAD_S,
  type SendCallAnswer,
} from '../../../protocol/call-service/call-service';
import { Errno, Messages } from '../../../protocol/errors';
import { ApiError, notFound } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import { type Db, isUniqueViolation } from '../../storage/contract';
import { creditOf, notifyCredit } from '../money';
import type { PhoneService } from '../phone';
import { callMeRepository } from './call-me-repository';
import { balanceOf, chargeFee, refundFee } from './call-money';
import { orderView } from './call-views';
import { type CallsRepository, callsRepository, type OrderRecord } from './calls-repository';

const HOUR_MS = 3600_000;
const fail = (errno: number, msg: string) => new ApiError(errno, msg);
export const newRef = (prefix: 'CO' | 'CM' | 'CC') => `${prefix}${randomBytes(8).toString('hex')}`;

export interface CallOrderDeps {
  db: Db;
  phones: PhoneService;
  notifier: Notifier;
  /** Whether he blocks her (server/features/safety). */
  blocks: (memberId: string, anchorId: string) => Promise<boolean>;
  now: () => number;
}

/** The number the center rings for her, or undefined when she has none (she takes no calls then). */
export const anchorNumber = (s: { areaCode: string; phoneNo: string } | undefined) =>
  s?.phoneNo ? `+${s.areaCode.replace(/^\+/, '')}${s.phoneNo}` : undefined;

export class CallOrders {
  constructor(private readonly deps: CallOrderDeps) {}

  private get repo(): CallsRepository {
    return callsRepository(this.deps.db);
  }

  /** POST sendInstantCall. */
  sendInstant(memberId: string, anchorId: string): Promise<SendCallAnswer> {
    return this.send(memberId, anchorId, CALL_TYPE.instant, null, '');
  }

  /** POST sendScheduleCall (ours): on a free whole hour of her timetable, 2 hours to 14 days ahead. */
  async sendScheduled(memberId: string, anchorId: string, at: number, message = ''): Promise<SendCallAnswer> {
    const times = await this.freeTimes(memberId, anchorId);
    if (!times.includes(at)) throw fail(CallErrno.SCHEDULE_TIME, CallMessages.scheduleTime);
    return this.send(memberId, anchorId, CALL_TYPE.scheduled, new Date(at * 1000), message);
  }

  /** Her free call times (seconds), for makecalldetail. */
  async freeTimes(memberId: string, anchorId: string): Promise<number[]> {
    await this.checkPair(memberId, anchorId, CALL_TYPE.scheduled);
    const settings = await this.repo.settings(anchorId);
    const now = this.deps.now();
    const from = Math.ceil((now + SCHEDULE_MIN_LEAD_S * 1000) / HOUR_MS) * HOUR_MS;
    const until = now + SCHEDULE_MAX_DAYS * 24 * HOUR_MS;
    const taken = new Set(await this.repo.takenTimes(anchorId, new Date(from)));
    const hours = new Set(settings?.callHours ?? []);
    const out: number[] = [];
    for (let t = from; t <= until; t += HOUR_MS) {
      if (hours.has(new Date(t).getUTCHours()) && !taken.has(t)) out.push(t / 1000);
    }
    return out;
  }

  /** The checks before any request: his privilege and phone, her account, flags, number, blocks. */
  private async checkPair(memberId: string, anchorId: string, type: CallType): Promise<void> {
    if (!(await this.repo.memberMayCall(memberId))) throw fail(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    const her = await this.repo.anchorFacts(anchorId);
    if (!her) throw notFound();
    if (her.suspended || (await this.deps.blocks(memberId, anchorId)))
      throw fail(CallErrno.BLOCKED, CallMessages.blocked);
    const takes = type === CALL_TYPE.instant ? her.callInstant : her.callSchedule;
    if (!takes || !anchorNumber(await this.repo.settings(anchorId)))
      throw fail(CallErrno.NOT_AVAILABLE, CallMessages.notAvailable);
    if (!(await this.deps.phones.verified(memberId))) throw fail(CallErrno.NO_PHONE, CallMessages.noPhone);
  }

  private async send(
    memberId: string,
    anchorId: string,
    type: CallType,
    scheduledAt: Date | null,
    message: string,
  ): Promise<SendCallAnswer> {
    await this.checkPair(memberId, anchorId, type);
    await this.settleDue({ memberId });
    const settings = await this.repo.settings(anchorId);
    const refNo = newRef('CO');
    const now = new Date(this.deps.now());
    const deadline = scheduledAt ?? new Date(now.getTime() + INSTANT_ANSWER_S * 1000);
    let balance: number;
    try {
      balance = await this.deps.db.transaction(async (tx) => {
        const repo = callsRepository(tx);
        // Her granted call-me authorization waives the fee of his instant requests to her.
        const callMe = callMeRepository(tx);
        const granted = type === CALL_TYPE.instant ? await callMe.grantedFor(memberId, anchorId) : undefined;
        await repo.insertOrder({
          refNo,
          memberId,
          anchorId,
          callType: type,
          scheduledAt,
          needTransaction: settings?.needTranslator ?? false,
          message,
          feeHeld: !granted,
          authorizationRef: granted?.refNo ?? null,
          createdAt: now,
          deadline,
        });
        if (granted) {
          await callMe.useAuthorization(granted.refNo);
          return balanceOf(tx, memberId);
        }
        return chargeFee(tx, { refNo, memberId, anchorId, round: 1 });
      });
    } catch (e) {
      // One open instant request per pair; one scheduled request per hour of hers.
      if (isUniqueViolation(e) && type === CALL_TYPE.scheduled)
        throw fail(CallErrno.SCHEDULE_TIME, CallMessages.scheduleTime);
      if (isUniqueViolation(e)) throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
      throw e;
    }
    await notifyCredit(this.deps.notifier, memberId, balance);
    await this.deps.notifier.deliver(anchorId, CallEvent.request, { order: await this.view(refNo) });
    return { ref_no: refNo, credit: creditOf(balance) };
  }

  /**
   * She starts a call on the call-me authorization he granted her: an accepted instant request of
   * his, with no reservation fee (the authorization is used), that the center calls at once.
   */
  async openForAuthorization(
    anchorId: string,
    authRef: string,
  ): Promise<{ refNo: string; memberId: string }> {
    const refNo = newRef('CO');
    const now = this.deps.now();
    let memberId = '';
    try {
      await this.deps.db.transaction(async (tx) => {
        const callMe = callMeRepository(tx);
        const a = await callMe.authorization(authRef, true);
        if (!a || a.anchorId !== anchorId || a.status === 'removed') throw notFound();
        if (a.status !== 'success') throw fail(Errno.REQUEST_CLOSED, Messages.requestClosed);
        memberId = a.memberId;
        const repo = callsRepository(tx);
        await repo.insertOrder({
          refNo,
          memberId,
          anchorId,
          callType: CALL_TYPE.instant,
          scheduledAt: null,
          needTransaction: (await repo.settings(anchorId))?.needTranslator ?? false,
          message: '',
          feeHeld: false,
          authorizationRef: authRef,
          createdAt: new Date(now),
          deadline: new Date(now + INSTANT_CALL_WITHIN_S * 1000),
        });
        await repo.updateOrder(refNo, { status: 'accepted', answeredAt: new Date(now) });
        await callMe.useAuthorization(authRef);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
      throw e;
    }
    await this.told(refNo);
    return { refNo, memberId };
  }

  /** POST addMessage: his message with his request (not after it is closed). */
  async addMessage(memberId: string, refNo: string, message: string): Promise<Record<string, never>> {
    const order = await this.ownOrder(memberId, refNo);
    if (!['pending', 'accepted'].includes(order.status))
      throw fail(Errno.REQUEST_CLOSED, Messages.requestClosed);
    await this.repo.updateOrder(refNo, { message });
    return {};
  }

  /** Her accept: a pending request, or a declined one within its re-accept window (the fee again). */
  async accept(anchorId: string, refNo: string): Promise<CallOrder> {
    await this.settleDue({ anchorId });
    const now = this.deps.now();
    const out = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const o = await lockHerOrder(repo, anchorId, refNo);
      const callBy = acceptedDeadline(o, now);
      if (o.status === 'pending' && o.deadline.getTime() > now) {
        await repo.updateOrder(refNo, { status: 'accepted', deadline: callBy, answeredAt: new Date(now) });
        return { balance: undefined };
      }
      if (o.status !== 'declined') throw fail(Errno.REQUEST_CLOSED, Messages.requestClosed);
      if (o.deadline.getTime() <= now) throw fail(CallErrno.REACCEPT_TOO_LATE, CallMessages.reacceptTooLate);
      const round = o.feeRound + 1;
      const balance = o.authorizationRef
        ? undefined
        : await chargeFee(tx, { refNo, memberId: o.memberId, anchorId, round });
      await repo.updateOrder(refNo, {
        status: 'accepted',
        deadline: callBy,
        answeredAt: new Date(now),
        feeRound: round,
        feeHeld: !o.authorizationRef,
      });
      return { balance, memberId: o.memberId };
    });
    if (out.balance !== undefined && out.memberId)
      await notifyCredit(this.deps.notifier, out.memberId, out.balance);
    return this.told(refNo);
  }

  /** Her decline of a pending or accepted request (no call going on): his fee comes back. */
  async decline(anchorId: string, refNo: string): Promise<CallOrder> {
    await this.settleDue({ anchorId });
    const now = this.deps.now();
    const out = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const o = await lockHerOrder(repo, anchorId, refNo);
      if (!['pending', 'accepted'].includes(o.status))
        throw fail(Errno.REQUEST_CLOSED, Messages.requestClosed);
      const live = await repo.latestSession(refNo);
      if (live && !live.endedAt) throw fail(CallErrno.CALL_IN_PROGRESS, CallMessages.callInProgress);
      const until =
        o.callType === CALL_TYPE.scheduled && o.scheduledAt
          ? o.scheduledAt.getTime() - CALL_REACCEPT_S * 1000
          : now + CALL_REACCEPT_S * 1000;
      await repo.updateOrder(refNo, {
        status: 'declined',
        deadline: new Date(Math.max(until, now)),
        answeredAt: new Date(now),
        feeHeld: false,
      });
      if (!o.feeHeld) return undefined;
      return {
        memberId: o.memberId,
        balance: await refundFee(tx, { refNo, memberId: o.memberId, round: o.feeRound }),
      };
    });
    if (out) await notifyCredit(this.deps.notifier, out.memberId, out.balance);
    return this.told(refNo);
  }

  /** Closes one request for good (expired, missed) and refunds a held fee; false if not open. */
  async close(refNo: string, to: 'expired' | 'missed' | 'completed'): Promise<boolean> {
    const out = await this.deps.db.transaction(async (tx) => {
      const repo = callsRepository(tx);
      const o = await repo.order(refNo, true);
      if (!o || !['pending', 'accepted'].includes(o.status)) return undefined;
      await repo.updateOrder(refNo, { status: to, feeHeld: false });
      if (!o.feeHeld || to === 'completed') return { balance: undefined, memberId: o.memberId };
      return {
        memberId: o.memberId,
        balance: await refundFee(tx, { refNo, memberId: o.memberId, round: o.feeRound }),
      };
    });
    if (out?.balance !== undefined) await notifyCredit(this.deps.notifier, out.memberId, out.balance);
    return Boolean(out);
  }

  /** Expires (and refunds) this member's or broadcaster's requests past their deadline with no call going on. */
  async settleDue(who: { memberId?: string; anchorId?: string }): Promise<void> {
    const now = new Date(this.deps.now());
    for (const refNo of await this.repo.dueRefs(now, who)) {
      const live = await this.repo.latestSession(refNo);
      if (live && !live.endedAt) continue;
      await this.close(refNo, 'expired');
    }
  }

  /** A request of his, settled first (throws not found for anyone else's). */
  async ownOrder(memberId: string, refNo: string): Promise<OrderRecord> {
    await this.settleDue({ memberId });
    const o = await this.repo.order(refNo);
    if (!o || o.memberId !== memberId) throw notFound();
    return o;
  }

  /** The request as it is now, told to him (her answer). */
  private async told(refNo: string): Promise<CallOrder> {
    const order = await this.view(refNo);
    await this.deps.notifier.deliver(order.man_id, CallEvent.answered, { order });
    return order;
  }

  async view(refNo: string): Promise<CallOrder> {
    const o = await this.repo.order(refNo);
    if (!o) throw notFound();
    return orderView(o, this.callable(o));
  }

  /** Whether Make Call may ring now: accepted, and (scheduled) within the calling period. */
  callable(o: OrderRecord): boolean {
    const now = this.deps.now();
    if (o.status !== 'accepted' || o.deadline.getTime() <= now) return false;
    return !o.scheduledAt || inPeriod(o.scheduledAt, now);
  }

  async detail(memberId: string, refNo: string): Promise<CallOrder> {
    const o = await this.ownOrder(memberId, refNo);
    return orderView(o, this.callable(o));
  }

  async list(memberId: string, type: CallType): Promise<{ list: CallOrder[] }> {
    await this.settleDue({ memberId });
    const rows = await this.repo.memberOrders(memberId, type);
    return { list: rows.map((o) => orderView(o, this.callable(o))) };
  }

  async ladyList(anchorId: string): Promise<{ list: CallOrder[] }> {
    await this.settleDue({ anchorId });
    const rows = await this.repo.anchorOrders(anchorId);
    return { list: rows.map((o) => orderView(o, false)) };
  }

  async counts(memberId: string): Promise<Pick<CallCounters, 'call_scheduled_num' | 'call_request_num'>> {
    await this.settleDue({ memberId });
    const c = await this.repo.counts(memberId);
    return { call_scheduled_num: c.scheduled, call_request_num: c.requests };
  }
}

/** Her request, locked until her answer commits (not found for anyone else's). */
async function lockHerOrder(repo: CallsRepository, anchorId: string, refNo: string): Promise<OrderRecord> {
  const o = await repo.order(refNo, true);
  if (!o || o.anchorId !== anchorId) throw notFound();
  return o;
}

/** Whether `now` is in the scheduled calling period of a call at `at`. */
export const inPeriod = (at: Date, now: number) =>
  now >= at.getTime() - SCHEDULE_EARLY_S * 1000 && now <= at.getTime() + SCHEDULE_LATE_S * 1000;

/** Until when he may call a request accepted at `now`. */
function acceptedDeadline(o: OrderRecord, now: number): Date {
  if (o.callType === CALL_TYPE.scheduled && o.scheduledAt)
    return new Date(o.scheduledAt.getTime() + SCHEDULE_LATE_S * 1000);
  return new Date(now + INSTANT_CALL_WITHIN_S * 1000);
}
