import { describe, expect, it } from 'vitest';
import type { IncomingRequest } from '../../../protocol/realtime';
import {
  addRequest,
  applyReport,
  type InviteStatus,
  openRequests,
  removeRequest,
  requestFromHangout,
  requestFromInstant,
  statusText,
} from './workspace';

const request = (id: string, createdAt: number, left = 180): IncomingRequest => ({
  invitation_id: id,
  type: 'instant',
  userid: 'M1001',
  nickname: 'Sam',
  photourl: '',
  left_seconds: left,
  created_at: createdAt,
  status: 'sent',
});

describe('invite statuses', () => {
  it('turn Invited into Seen when the member reports the bubble shown', () => {
    const statuses: Record<string, InviteStatus> = { M1001: { state: 'invited', inviteId: 'i1' } };
    const next = applyReport(statuses, { invite_id: 'i1', user_id: 'M1001', is_show: 1 });
    expect(next.M1001).toEqual({ state: 'seen', inviteId: 'i1' });
    expect(statusText(next.M1001 as InviteStatus)).toBe('Seen');
    const unseen = applyReport(statuses, { invite_id: 'i1', user_id: 'M1001', is_show: 0 });
    expect(unseen.M1001?.state).toBe('unseen');
  });

  it('apply a report that beats the invite answer, by the member id', () => {
    const statuses: Record<string, InviteStatus> = { M1001: { state: 'sending' } };
    expect(applyReport(statuses, { invite_id: 'i9', user_id: 'M1001', is_show: 1 }).M1001).toEqual({
      state: 'seen',
      inviteId: 'i9',
    });
    expect(applyReport(statuses, { invite_id: 'i9', user_id: 'M1002', is_show: 1 })).toEqual(statuses);
  });
});

describe('incoming requests', () => {
  it('are listed newest first, once each, and removed when handled or cancelled', () => {
    let list = addRequest([], request('r1', 100), 0);
    list = addRequest(list, request('r2', 200), 0);
    list = addRequest(list, request('r1', 100), 0);
    expect(list.map((item) => item.request.invitation_id)).toEqual(['r2', 'r1']);
    expect(removeRequest(list, 'r2').map((item) => item.request.invitation_id)).toEqual(['r1']);
  });

  it('close when their time is up', () => {
    const list = addRequest([], request('r1', 100, 10), 0);
    expect(openRequests(list, 9_999)).toHaveLength(1);
    expect(openRequests(list, 10_000)).toHaveLength(0);
  });

  it('read the instant and hang-out events', () => {
    const now = 5_000_000;
    expect(
      requestFromInstant(
        { userid: 'M1001', nickname: 'Sam', invitation_id: 'r1', photourl: '', left_seconds: 180 },
        now,
      ),
    ).toMatchObject({ invitation_id: 'r1', type: 'instant', userid: 'M1001', created_at: 5_000 });
    expect(
      requestFromHangout(
        { user_id: 'M1002', nickname: 'Al', invite_id: 'h1', photourl: '', left_seconds: 60 },
        now,
      ),
    ).toMatchObject({ invitation_id: 'h1', type: 'hangout', userid: 'M1002' });
  });
});
