import { describe, expect, it } from 'vitest';
import { listImage } from './loading';

describe('how a list’s images load', () => {
  it('loads the first screen at once, the lead list’s first image first, the rest lazily', () => {
    expect(listImage(0, 2, true)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(listImage(0, 2)).toEqual({ loading: 'eager' });
    expect(listImage(1, 2, true)).toEqual({ loading: 'eager' });
    expect(listImage(2, 2, true)).toEqual({ loading: 'lazy' });
    expect(listImage(0, 0)).toEqual({ loading: 'lazy' });
  });
});
