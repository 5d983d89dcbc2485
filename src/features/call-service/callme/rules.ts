/**
 * What the call-me pages decide: the filters and their counts, what he may do with an authorization
 * in each status, what each status and status page says.
 */
import type { CallMeList, CallMeStatus } from '../../../../protocol/call-service/call-service';

export type CallMeFilter = 'all' | 'waiting' | 'success' | 'revoked' | 'declined';
export type CallMeAction = 'accept' | 'decline' | 'revoke' | 'remove';

export const CALL_ME_FILTERS: readonly { id: CallMeFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'waiting', label: 'Waiting' },
  { id: 'success', label: 'Authorized' },
  { id: 'revoked', label: 'Cancelled' },
  { id: 'declined', label: 'Declined' },
];

export const isCallMeFilter = (v: unknown): v is CallMeFilter => CALL_ME_FILTERS.some((f) => f.id === v);

/** The count each filter shows, from the list's four counts. */
export function filterCount(list: Omit<CallMeList, 'list'>, filter: CallMeFilter): number {
  switch (filter) {
    case 'waiting':
      return list.callme_waiting;
    case 'success':
      return list.callme_success;
    case 'revoked':
      return list.callme_revoked;
    case 'declined':
      return list.callme_declined;
    case 'all':
      return list.callme_waiting + list.callme_success + list.callme_revoked + list.callme_declined;
  }
}

/** What he may do: answer a waiting one, revoke a granted one, remove one that is over. */
export function actionsFor(status: CallMeStatus): CallMeAction[] {
  switch (status) {
    case 'waiting':
      return ['accept', 'decline'];
    case 'success':
      return ['revoke'];
    case 'revoked':
    case 'declined':
      return ['remove'];
    case 'removed':
      return [];
  }
}

export const STATUS_LABELS: Record<CallMeStatus, string> = {
  waiting: 'Waiting for your answer',
  success: 'Authorized',
  revoked: 'Cancelled',
  declined: 'Declined',
  removed: 'Removed',
};

/** authformstatus?status=: what happened, or undefined for a status the page does not know. */
export function statusPageText(status: unknown): { title: string; text: string } | undefined {
  if (status === 'cancelsuccess')
    return {
      title: 'Authorization cancelled',
      text: 'She can no longer call you through this authorization.',
    };
  if (status === 'removesuccess')
    return { title: 'Authorization removed', text: 'It is no longer on your list.' };
  return undefined;
}
