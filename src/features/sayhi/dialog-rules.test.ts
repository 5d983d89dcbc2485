import { describe, expect, it } from 'vitest';
import { SayHiErrno } from '../../../protocol/sayhi/sayhi';
import { dialogLink, showsFollowHint } from './dialog-rules';

describe('the Say Hi dialog', () => {
  it('links each code where the spec says', () => {
    expect(dialogLink(17404)).toEqual({ kind: 'sayhi' });
    expect(dialogLink(17407)).toMatchObject({ kind: 'page', to: '/wait' });
    expect(dialogLink(17408)).toMatchObject({ kind: 'page', to: '/sayhilistindex/all' });
    expect(dialogLink(17405)).toBeNull();
    expect(dialogLink(SayHiErrno.NO_ALLOWANCE)).toBeNull();
  });

  it('offers the quick follow for every code but 17405', () => {
    expect(showsFollowHint(17405)).toBe(false);
    for (const errno of [17404, 17406, 17407, 17408, 10010]) expect(showsFollowHint(errno)).toBe(true);
  });
});
