/** What her Calls section decides: what she may answer on a request, and how a request is named. */
import {
  CALL_TYPE,
  type CallOrder,
  type CallOrderStatus,
} from '../../../../protocol/call-service/call-service';

export type RequestAction = 'accept' | 'acceptAgain' | 'decline';

/**
 * Her answers to a request at `nowS` (seconds): a pending one is accepted or declined; an accepted
 * one can still be declined; a declined one can be accepted again until its deadline (up to one hour
 * before a scheduled call, spec §4 — the server holds the deadline and refuses later with 17725).
 */
export function requestActions(order: Pick<CallOrder, 'status' | 'deadline'>, nowS: number): RequestAction[] {
  switch (order.status) {
    case 'pending':
      return ['accept', 'decline'];
    case 'accepted':
      return ['decline'];
    case 'declined':
      return order.deadline > nowS ? ['acceptAgain'] : [];
    default:
      return [];
  }
}

export const REQUEST_STATUS_LABELS: Record<CallOrderStatus, string> = {
  pending: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  completed: 'Called',
  missed: 'Missed',
};

export const callTypeLabel = (order: Pick<CallOrder, 'call_type'>) =>
  order.call_type === CALL_TYPE.scheduled ? 'Scheduled call' : 'Instant call';

/** A whole UTC hour as the timetable labels it ('09:00'). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Her timetable with one hour switched on or off, kept in order. */
export function toggleHour(hours: readonly number[], hour: number): number[] {
  return hours.includes(hour) ? hours.filter((h) => h !== hour) : [...hours, hour].sort((a, b) => a - b);
}

/** Her toast for a new request: who asks, for which kind of call. */
export const callRequestText = (order: Pick<CallOrder, 'call_type' | 'man_id'>) =>
  `${order.man_id} asks for ${order.call_type === CALL_TYPE.scheduled ? 'a scheduled' : 'an instant'} call.`;

/** How many of her requests wait for her answer at `nowS` (seconds): her Calls tab's badge. */
export const pendingRequestCount = (list: readonly Pick<CallOrder, 'status' | 'deadline'>[], nowS: number) =>
  list.filter((o) => o.status === 'pending' && o.deadline > nowS).length;
