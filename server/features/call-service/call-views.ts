/** What the call pages read of a request and an authorization: never a phone number. */
import {
  CALL_ME_STATUS,
  CALL_ORDER_STATUS,
  type CallMeItem,
  type CallOrder,
  PHONE_TYPE_VERIFIED,
} from '../../../protocol/call-service/call-service';
import type { AuthorizationRecord } from './call-me-repository';
import type { OrderRecord } from './calls-repository';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
/** 'YYYY-MM-DD HH:mm' in GMT, as the print page shows it. */
const gmt = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} GMT` : '');

export function orderView(o: OrderRecord, canCall: boolean): CallOrder {
  return {
    ref_no: o.refNo,
    status: o.status,
    call_status_val: CALL_ORDER_STATUS[o.status],
    call_type: o.callType,
    need_transaction: o.needTransaction ? 1 : 0,
    scheduled_time: seconds(o.scheduledAt),
    phone_type: PHONE_TYPE_VERIFIED,
    anchor_info: { anchor_id: o.anchorId, anchor_nickname: o.anchorNickname, anchor_avatar: o.anchorAvatar },
    man_id: o.memberId,
    message: o.message,
    timeStr: gmt(o.createdAt),
    timeStr2: gmt(o.scheduledAt),
    deadline: seconds(o.deadline),
    can_call: canCall ? 1 : 0,
  };
}

export function authorizationView(a: AuthorizationRecord): CallMeItem {
  return {
    ref_no: a.refNo,
    status: a.status,
    status_val: CALL_ME_STATUS[a.status],
    anchor_info: { anchor_id: a.anchorId, anchor_nickname: a.anchorNickname, anchor_avatar: a.anchorAvatar },
    message: a.message,
    used: a.used,
    created_time: seconds(a.createdAt),
    answered_time: seconds(a.answeredAt),
  };
}
