import { describe, expect, it } from 'vitest';
import type { AnchorCard } from '../../../protocol/types';
import { notShown, shownAbove } from './dedupe';

const cards = (...ids: string[]) => ids.map((userid) => ({ userid }) as AnchorCard);
const ids = (list: AnchorCard[]) => list.map((a) => a.userid);

describe('each broadcaster once per Discover screen', () => {
  it('leaves out of Online now the featured ones, and out of Hot both', () => {
    const featured = cards('A2002', 'A2003', 'A2005');
    const online = notShown(cards('A2001', 'A2002', 'A2004', 'A2005'), shownAbove(featured));
    expect(ids(online)).toEqual(['A2001', 'A2004']);
    const hot = notShown(cards('A2005', 'A2004', 'A2009', 'A2001', 'A2010'), shownAbove(featured, online));
    expect(ids(hot)).toEqual(['A2009', 'A2010']);
    const screen = [...featured, ...online, ...hot].map((a) => a.userid);
    expect(new Set(screen).size).toBe(screen.length);
  });

  it('drops repeats inside one list and skips a section that failed to load', () => {
    expect(ids(notShown(cards('A2001', 'A2001', 'A2002'), shownAbove(undefined)))).toEqual([
      'A2001',
      'A2002',
    ]);
    expect(ids(notShown(cards('A2001'), shownAbove(undefined, cards('A2001'))))).toEqual([]);
  });
});
