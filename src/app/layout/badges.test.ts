import { describe, expect, it } from 'vitest';
import { bellBadge, chatBadge, menuBadge } from './badges';

describe('badge caps', () => {
  it("bell shows the count up to 9, then '...'", () => {
    expect(bellBadge(0)).toBe('');
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(9)).toBe('9');
    expect(bellBadge(10)).toBe('...');
    expect(bellBadge(250)).toBe('...');
  });

  it("top menu shows the count up to 9, then '9+'", () => {
    expect(menuBadge(0)).toBe('');
    expect(menuBadge(9)).toBe('9');
    expect(menuBadge(10)).toBe('9+');
  });

  it("unread chat shows the count up to 99, then '99+'", () => {
    expect(chatBadge(-1)).toBe('');
    expect(chatBadge(99)).toBe('99');
    expect(chatBadge(100)).toBe('99+');
  });
});
