import { describe, expect, it } from 'vitest';
import { bubbleRoomOf, durationText, endedByHimText, priceText, roomTitle, summaryText } from './room-words';

const free = { oneOnOne: false, show: false, creditPerMinute: 0 };
const premium = { ...free, creditPerMinute: 0.2 };
const show = { ...free, show: true, creditPerMinute: 0.5 };
const oneOnOne = { ...free, oneOnOne: true, creditPerMinute: 0.3 };

describe('his room says what it is and what it costs', () => {
  it('titles a One-on-One as one, with a private chat wording and its price', () => {
    expect(roomTitle(oneOnOne, 'Ann')).toBe('One-on-One with Ann');
    expect(priceText(oneOnOne)).toBe('Private chat · 0.30 credits a minute');
  });
  it('tells a free, a premium and a show room apart', () => {
    expect([roomTitle(free, 'Ann'), priceText(free)]).toEqual(["Ann's public room", 'Free to watch']);
    expect([roomTitle(premium, 'Ann'), priceText(premium)]).toEqual([
      "Ann's premium room",
      'Premium · 0.20 credits a minute',
    ]);
    expect([roomTitle(show, 'Ann'), priceText(show)]).toEqual(["Ann's show", 'Show · 0.50 credits a minute']);
  });
  it('sums a paid room up with its length and cost', () => {
    expect(durationText(65_400)).toBe('1 min 05 s');
    expect(durationText(9_000)).toBe('9 s');
    expect(summaryText(oneOnOne, 'Ann', 125_000, 0.9)).toBe(
      'Your One-on-One with Ann lasted 2 min 05 s and cost 0.90 credits.',
    );
  });
});

describe('his End', () => {
  it('says what he ended', () => {
    expect(endedByHimText(oneOnOne)).toBe('You ended the One-on-One.');
    expect(endedByHimText(premium)).toBe('You left the room.');
    expect(endedByHimText(show)).toBe('You left the show.');
  });
});

describe('whose invitation bubble passes his room', () => {
  it('lets hers through only in her public room, none in a room he is paying to be with her', () => {
    expect(bubbleRoomOf({ anchorid: 'A1', type: 'public' })).toBe('A1');
    expect(bubbleRoomOf({ anchorid: 'A1', type: 'private' })).toBe('');
    expect(bubbleRoomOf({ anchorid: 'A1', type: 'public', liveShowid: '7' })).toBe('');
  });
});
