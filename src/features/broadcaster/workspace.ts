/**
 * The broadcaster workspace's state: members online now with the state of each invitation, and the
 * open requests members sent (the spec's "small broadcaster workspace"). Pure updates, tested
 * without a browser; the page applies them to its valtio proxy.
 */
import type {
  AnchorReport,
  IncomingRequest,
  MemberHangoutRequestNotice,
  MemberInstantRequestNotice,
} from '../../../protocol/realtime';

/** Ours: how often the online list refreshes by itself. */
export const ONLINE_REFRESH_MS = 10_000;

export type InviteStatus =
  | { state: 'sending' }
  | { state: 'invited'; inviteId: string }
  | { state: 'seen'; inviteId: string }
  | { state: 'unseen'; inviteId: string }
  | { state: 'failed'; error: string };

/** What the invite status line says. */
export function statusText(status: InviteStatus): string {
  switch (status.state) {
    case 'sending':
      return 'Inviting…';
    case 'invited':
      return 'Invited';
    case 'seen':
      return 'Seen';
    case 'unseen':
      return 'Invited, not shown to the member';
    case 'failed':
      return status.error;
  }
}

/** The member's report: which invitation (of whom) it concerns and whether the bubble showed. */
export function applyReport(
  statuses: Readonly<Record<string, InviteStatus>>,
  report: Partial<AnchorReport>,
): Record<string, InviteStatus> {
  const entry = Object.entries(statuses).find(
    ([userid, status]) =>
      ('inviteId' in status && status.inviteId === report.invite_id) ||
      (userid === report.user_id && status.state !== 'failed'),
  );
  if (!entry || !report.invite_id) return { ...statuses };
  const [userid] = entry;
  return {
    ...statuses,
    [userid]: { state: Number(report.is_show) === 1 ? 'seen' : 'unseen', inviteId: report.invite_id },
  };
}

/** A live request as the list holds it (the list call and the two events spell fields differently). */
export function requestFromInstant(notice: MemberInstantRequestNotice, now: number): IncomingRequest {
  return {
    invitation_id: notice.invitation_id,
    type: 'instant',
    userid: notice.userid,
    nickname: notice.nickname,
    photourl: notice.photourl ?? '',
    left_seconds: notice.left_seconds,
    created_at: Math.floor(now / 1000),
    status: 'sent',
  };
}

export function requestFromHangout(notice: MemberHangoutRequestNotice, now: number): IncomingRequest {
  return {
    invitation_id: notice.invite_id,
    type: 'hangout',
    userid: notice.user_id,
    nickname: notice.nickname,
    photourl: notice.photourl ?? '',
    left_seconds: notice.left_seconds,
    created_at: Math.floor(now / 1000),
    status: 'sent',
  };
}

/** When a request stops being open (ms), from when it was listed and its left seconds. */
export const requestEndsAt = (request: IncomingRequest, listedAt: number) =>
  listedAt + Math.max(0, request.left_seconds) * 1000;

export interface ListedRequest {
  request: IncomingRequest;
  endsAt: number;
}

/** Adds or refreshes a request, newest first. */
export function addRequest(
  list: readonly ListedRequest[],
  request: IncomingRequest,
  now: number,
): ListedRequest[] {
  const others = list.filter((item) => item.request.invitation_id !== request.invitation_id);
  return [{ request, endsAt: requestEndsAt(request, now) }, ...others].sort(
    (a, b) => b.request.created_at - a.request.created_at,
  );
}

export const removeRequest = (list: readonly ListedRequest[], invitationId: string) =>
  list.filter((item) => item.request.invitation_id !== invitationId);

export const openRequests = (list: readonly ListedRequest[], now: number) =>
  list.filter((item) => item.endsAt > now);
