import { describe, expect, it } from 'vitest';
import { nextTip } from './tips';

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
