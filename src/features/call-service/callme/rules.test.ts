import { describe, expect, it } from 'vitest';
import { actionsFor, CALL_ME_FILTERS, filterCount, isCallMeFilter, statusPageText } from './rules';

const counts = { callme_waiting: 2, callme_success: 1, callme_revoked: 3, callme_declined: 4 };

describe('call-me filters', () => {
  it('count each status, and All counts every one on his list', () => {
    expect(CALL_ME_FILTERS.map((f) => filterCount(counts, f.id))).toEqual([10, 2, 1, 3, 4]);
  });

  it('take only the statuses the list knows', () => {
    expect(isCallMeFilter('waiting')).toBe(true);
    expect(isCallMeFilter('removed')).toBe(false);
    expect(isCallMeFilter(undefined)).toBe(false);
  });
});

describe('what he may do with an authorization', () => {
  it('answers a waiting one, revokes a granted one, removes one that is over', () => {
    expect(actionsFor('waiting')).toEqual(['accept', 'decline']);
    expect(actionsFor('success')).toEqual(['revoke']);
    expect(actionsFor('revoked')).toEqual(['remove']);
    expect(actionsFor('declined')).toEqual(['remove']);
    expect(actionsFor('removed')).toEqual([]);
  });
});

describe('the status page', () => {
  it('says what was done, and knows no other status', () => {
    expect(statusPageText('cancelsuccess')?.title).toBe('Authorization cancelled');
    expect(statusPageText('removesuccess')?.title).toBe('Authorization removed');
    expect(statusPageText('whatever')).toBeUndefined();
  });
});
