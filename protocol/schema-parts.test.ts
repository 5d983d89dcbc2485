import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_REFUSED, controlCharsAt, hasControlChars, text } from './schema-parts';

describe('control characters', () => {
  it('are C0 but tab, line feed and carriage return, DEL and C1', () => {
    for (const c of [
      '\u0000',
      '\u0001',
      '\u0007',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
    ]) {
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    for (const ok of [
      '',
      'Hello\r\nworld\tend',
      '😀👩‍👩‍👧',
      '你好 مرحبا Привет',
      '\u00a0é€\u200d\u2028',
      ' ~',
    ]) {
      expect(hasControlChars(ok), JSON.stringify(ok)).toBe(false);
    }
  });

  it('fail the shared text part with a message that says so, and keep its other rules', () => {
    const title = text().trim().min(1).max(5);
    expect(title.safeParse('  ab ').data).toBe('ab');
    expect(title.safeParse('a\u0000').error?.issues[0]?.message).toBe(CONTROL_CHARS_REFUSED);
    expect(title.safeParse('abcdef').success).toBe(false);
    expect(text().safeParse('line one\nline two 😀').success).toBe(true);
  });

  it('are found anywhere in a parsed body, field names included, however deep', () => {
    expect(controlCharsAt({ to_id: 'A2001', content: 'hi\nthere' })).toBeUndefined();
    expect(controlCharsAt({ content: 'a\u0000' })).toBe('content');
    expect(controlCharsAt({ subscription: { endpoint: 'x\u0001', keys: {} } })).toBe('subscription.endpoint');
    expect(controlCharsAt({ list: ['ok', ['\u007f']] })).toBe('list.1.0');
    expect(controlCharsAt({ 'bad\u0000name': 1 })).toBe('a field name');
    expect(controlCharsAt('\u0002')).toBe('body');
    expect(controlCharsAt([1, null, true, 2.5])).toBeUndefined();
    let deep: unknown = ['\u0003'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharsAt(deep)).toMatch(/^0\.0\.0/);
  });
});
