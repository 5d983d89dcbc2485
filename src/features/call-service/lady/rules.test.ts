import { describe, expect, it } from 'vitest';
import { CALL_TYPE } from '../../../../protocol/call-service/call-service';
import { callRequestText, callTypeLabel, pendingRequestCount, requestActions, toggleHour } from './rules';

describe('her answers to a call request', () => {
  const now = 1_000_000;
  it('accepts or declines a pending one and can still decline an accepted one', () => {
    expect(requestActions({ status: 'pending', deadline: now + 60 }, now)).toEqual(['accept', 'decline']);
    expect(requestActions({ status: 'accepted', deadline: now + 60 }, now)).toEqual(['decline']);
  });

  it('accepts a declined one again only before its deadline', () => {
    expect(requestActions({ status: 'declined', deadline: now + 1 }, now)).toEqual(['acceptAgain']);
    expect(requestActions({ status: 'declined', deadline: now }, now)).toEqual([]);
  });

  it('has nothing to answer on one that is over', () => {
    for (const status of ['expired', 'completed', 'missed'] as const)
      expect(requestActions({ status, deadline: now + 60 }, now)).toEqual([]);
  });

  it('names the kind of call', () => {
    expect(callTypeLabel({ call_type: CALL_TYPE.instant })).toBe('Instant call');
    expect(callTypeLabel({ call_type: CALL_TYPE.scheduled })).toBe('Scheduled call');
    expect(callRequestText({ man_id: 'M1001', call_type: CALL_TYPE.instant })).toBe(
      'M1001 asks for an instant call.',
    );
    expect(callRequestText({ man_id: 'M1001', call_type: CALL_TYPE.scheduled })).toBe(
      'M1001 asks for a scheduled call.',
    );
  });
});

describe('her call timetable', () => {
  it('switches an hour on in order, and off again', () => {
    expect(toggleHour([9, 20], 14)).toEqual([9, 14, 20]);
    expect(toggleHour([9, 14, 20], 14)).toEqual([9, 20]);
  });
});

describe('her Calls tab badge', () => {
  const now = 1_000_000;
  it('counts the requests still waiting for her answer, not answered or lapsed ones', () => {
    const list = [
      { status: 'pending', deadline: now + 60 },
      { status: 'pending', deadline: now + 3600 },
      { status: 'pending', deadline: now },
      { status: 'accepted', deadline: now + 60 },
      { status: 'declined', deadline: now + 60 },
      { status: 'expired', deadline: now + 60 },
    ] as const;
    expect(pendingRequestCount(list, now)).toBe(2);
    expect(pendingRequestCount([], now)).toBe(0);
  });
});
