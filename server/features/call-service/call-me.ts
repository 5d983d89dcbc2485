/**
 * Call-me authorizations (spec 002 §2–§4): she asks a member to call her; he accepts (success: the
 * reservation fee of his instant requests to her is waived, each such request "uses" it), declines,
 * revokes a granted one (the cancel confirmation, authformstatus cancelsuccess) or removes one from
 * his list (removesuccess). One waiting or granted authorization per pair.
 */
import { CallMeExtraEvent, type LadyCallMeItem } from '../../../protocol/call-service/call-me-extra';
import {
  CallEvent,
  type CallMeItem,
  type CallMeList,
  type CallMeStatus,
} from '../../../protocol/call-service/call-service';
import { Errno, Messages } from '../../../protocol/errors';
import { ApiError, notFound } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import { type Db, isUniqueViolation } from '../../storage/contract';
import { anchorAuthorizations, callMeRepository, grantAuthorization } from './call-me-repository';
import { newRef } from './call-orders';
import { authorizationView } from './call-views';
import { callsRepository } from './calls-repository';

const closed = () => new ApiError(Errno.REQUEST_CLOSED, Messages.requestClosed);

export class CallMe {
  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
    private readonly now: () => number,
  ) {}

  /** She asks a member to call her. */
  async ask(anchorId: string, memberId: string, message = ''): Promise<{ ref_no: string }> {
    const repo = callMeRepository(this.db);
    if (!(await callsRepository(this.db).memberExists(memberId)))
      throw new ApiError(Errno.NOT_FOUND, Messages.notFound);
    const refNo = newRef('CM');
    try {
      await repo.insertAuthorization({ refNo, anchorId, memberId, message, at: new Date(this.now()) });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ApiError(Errno.REQUEST_PENDING, Messages.requestPending);
      throw e;
    }
    const a = await repo.authorization(refNo);
    if (a) await this.notifier.deliver(memberId, CallEvent.callMe, { authorization: authorizationView(a) });
    return { ref_no: refNo };
  }

  /** His answer or change: `from` the statuses it may leave, `to` the one it takes. */
  private async move(
    memberId: string,
    refNo: string,
    from: CallMeStatus[],
    to: CallMeStatus,
  ): Promise<CallMeItem> {
    const moved = await this.db.transaction(async (tx) => {
      const repo = callMeRepository(tx);
      const a = await repo.authorization(refNo, true);
      if (!a || a.memberId !== memberId || a.status === 'removed') throw notFound();
      if (!from.includes(a.status)) throw closed();
      await repo.setAuthorization(refNo, to, new Date(this.now()));
      return {
        anchorId: a.anchorId,
        item: authorizationView({ ...a, status: to, answeredAt: new Date(this.now()) }),
      };
    });
    // Her Calls section shows how each of hers stands (removing one from his list changes nothing of hers).
    if (to !== 'removed') {
      const { anchor_info: _anchor, ...rest } = moved.item;
      const [row] = await this.db.query<{ nickname: unknown }>(
        'SELECT nickname FROM users WHERE userid = $1',
        [memberId],
      );
      const authorization: LadyCallMeItem = {
        ...rest,
        man_id: memberId,
        man_nickname: String(row?.nickname ?? ''),
      };
      await this.notifier.deliver(moved.anchorId, CallMeExtraEvent.changed, { authorization });
    }
    return moved.item;
  }

  accept(memberId: string, refNo: string): Promise<CallMeItem> {
    return this.move(memberId, refNo, ['waiting'], 'success');
  }

  decline(memberId: string, refNo: string): Promise<CallMeItem> {
    return this.move(memberId, refNo, ['waiting'], 'declined');
  }

  revoke(memberId: string, refNo: string): Promise<CallMeItem> {
    return this.move(memberId, refNo, ['success'], 'revoked');
  }

  /** Removes one from his list: any but a granted one (he revokes that first). */
  remove(memberId: string, refNo: string): Promise<CallMeItem> {
    return this.move(memberId, refNo, ['waiting', 'declined', 'revoked'], 'removed');
  }

  /** He authorizes her to call him without her asking (callEditAuthorization): granted at once. */
  async grant(memberId: string, anchorId: string, message = ''): Promise<CallMeItem> {
    const [anchor] = await this.db.query('SELECT 1 FROM anchors WHERE userid = $1 AND account_status <> 3', [
      anchorId,
    ]);
    if (!anchor) throw new ApiError(Errno.NOT_FOUND, Messages.notFound);
    const refNo = await this.db.transaction(async (tx) => {
      const granted = await callMeRepository(tx).grantedFor(memberId, anchorId);
      if (granted) throw new ApiError(Errno.REQUEST_PENDING, Messages.requestPending);
      return grantAuthorization(tx, {
        refNo: newRef('CM'),
        anchorId,
        memberId,
        message,
        at: new Date(this.now()),
      });
    });
    return this.detail(memberId, refNo);
  }

  /** Her authorizations (her Calls section): granted ones are those she may call on. */
  async ladyList(anchorId: string): Promise<{ list: LadyCallMeItem[] }> {
    const rows = await anchorAuthorizations(this.db, anchorId);
    return {
      list: rows.map((r) => {
        const { anchor_info: _anchor, ...rest } = authorizationView(r);
        return { ...rest, man_id: r.memberId, man_nickname: r.memberNickname };
      }),
    };
  }

  async detail(memberId: string, refNo: string): Promise<CallMeItem> {
    const a = await callMeRepository(this.db).authorization(refNo);
    if (!a || a.memberId !== memberId || a.status === 'removed') throw notFound();
    return authorizationView(a);
  }

  async list(memberId: string, status: 'all' | Exclude<CallMeStatus, 'removed'>): Promise<CallMeList> {
    const all = (await callMeRepository(this.db).memberAuthorizations(memberId)).map(authorizationView);
    const count = (s: CallMeStatus) => all.filter((a) => a.status === s).length;
    return {
      list: status === 'all' ? all : all.filter((a) => a.status === status),
      callme_waiting: count('waiting'),
      callme_success: count('success'),
      callme_revoked: count('revoked'),
      callme_declined: count('declined'),
    };
  }
}
