import { describe, expect, it } from 'vitest';
import { hiddenTips, nextTip, trueTips } from './tips';

describe('profile tips rotation', () => {
  it('rotates profile, email, phone, then profile again', () => {
    expect(nextTip(null, [])).toBe(1);
    expect(nextTip(1, [])).toBe(2);
    expect(nextTip(2, [])).toBe(3);
    expect(nextTip(3, [])).toBe(1);
  });

  it('skips dismissed kinds and stops when all are dismissed', () => {
    expect(nextTip(1, [2])).toBe(3);
    expect(nextTip(null, [1])).toBe(2);
    expect(nextTip(3, [1, 3])).toBe(2);
    expect(nextTip(2, [1, 2, 3])).toBeNull();
  });
});

describe('which tips are true', () => {
  const fresh = { man_profile_val: 0, email_verified: 'N' as const, qpid_seal: { v_phone: 0 as const } };
  it('all three for a new member; each goes when it stops being true', () => {
    expect(trueTips(fresh)).toEqual([1, 2, 3]);
    expect(trueTips({ ...fresh, man_profile_val: 100 })).toEqual([2, 3]);
    expect(trueTips({ ...fresh, email_verified: 'Y' })).toEqual([1, 3]);
    expect(trueTips({ ...fresh, qpid_seal: { v_phone: 1 } })).toEqual([1, 2]);
    expect(trueTips({ man_profile_val: 100, email_verified: 'Y', qpid_seal: { v_phone: 1 } })).toEqual([]);
  });
  it('hides dismissed and untrue kinds, and the rotation skips them', () => {
    const done = { ...fresh, man_profile_val: 100 };
    expect(hiddenTips(done, [3])).toEqual([1, 3]);
    expect(nextTip(null, hiddenTips(done, []))).toBe(2);
    expect(nextTip(2, hiddenTips(done, []))).toBe(3);
    expect(nextTip(3, hiddenTips(done, []))).toBe(2);
    expect(nextTip(null, hiddenTips(done, [2, 3]))).toBeNull();
  });
});
