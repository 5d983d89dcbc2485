import { describe, expect, it } from 'vitest';
import { filterChatText, FILTER_MASK as M } from './text-filter';

describe('the live-chat text filter', () => {
  it('masks links, URLs and bare domains', () => {
    expect(filterChatText('see https://example.com/x?y=1 now')).toBe(`see ${M} now`);
    expect(filterChatText('go to www.example.org')).toBe(`go to ${M}`);
    expect(filterChatText('my site is chat.example.net/me')).toBe(`my site is ${M}`);
  });

  it('masks e-mail-like strings and phone-number-like digit runs', () => {
    expect(filterChatText('write to anna.k+1@mail.example.com')).toBe(`write to ${M}`);
    expect(filterChatText('call +1 (555) 123-4567 tonight')).toBe(`call ${M} tonight`);
    expect(filterChatText('my number 0987654321')).toBe(`my number ${M}`);
  });

  it('masks explicit or vulgar words, whole words only, any case', () => {
    expect(filterChatText('What the FUCK')).toBe(`What the ${M}`);
    expect(filterChatText('Scunthorpe is a town; so is Dickinson')).toBe(
      'Scunthorpe is a town; so is Dickinson',
    );
  });

  it('leaves ordinary text, short numbers, times and emoticon tags alone', () => {
    const text = 'See you at 10:30 on May 12, I am 34 [img:12] and I love 2 cats.';
    expect(filterChatText(text)).toBe(text);
    expect(filterChatText('<b>hi</b> & bye')).toBe('<b>hi</b> & bye');
  });
});
