import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkup } from './markup';

describe('news markup', () => {
  it('parts paragraphs, headings and lists', () => {
    const blocks = parseMarkup('Intro line\nstill intro\n\n## Title\n- one\n- two\nafter');
    expect(blocks.map((b) => b.kind)).toEqual(['p', 'h', 'ul', 'p']);
    expect(blocks[0]).toEqual({ kind: 'p', runs: [{ kind: 'text', text: 'Intro line still intro' }] });
    expect(blocks[2]).toMatchObject({ kind: 'ul', items: [[{ text: 'one' }], [{ text: 'two' }]] });
  });

  it('keeps links inside the app only, and never reads HTML', () => {
    expect(parseInline('See [Shows](/showorder/schs) now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'Shows', to: '/showorder/schs' },
      { kind: 'text', text: ' now' },
    ]);
    for (const to of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/x"onmouseover=1']) {
      expect(parseInline(`[go](${to})`).some((r) => r.kind === 'link')).toBe(false);
    }
    expect(parseInline('<b>x</b> **bold**')).toEqual([
      { kind: 'text', text: '<b>x</b> ' },
      { kind: 'bold', text: 'bold' },
    ]);
  });
});
