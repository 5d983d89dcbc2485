import { describe, expect, it } from 'vitest';
import { resolveEntry } from '../../entry';

describe('hangout.html', () => {
  it('opens the hang-out route with the broadcaster from the query or the hash, and send_type', () => {
    expect(resolveEntry('/hangout.html', '#anchorid=A2001&send_type=2', '?id=A2001')).toEqual({
      kind: 'redirect',
      to: '/#/hangout?id=A2001&send_type=2',
    });
    expect(resolveEntry('/page/hangout.html', '#anchorid=A2005', '')).toEqual({
      kind: 'redirect',
      to: '/#/hangout?id=A2005',
    });
    expect(resolveEntry('/hangout.html', '', '')).toEqual({ kind: 'redirect', to: '/#/hangout' });
  });
});
