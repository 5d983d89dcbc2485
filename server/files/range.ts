/**
 * HTTP byte ranges (RFC 9110 §14) for serving stored files: one range, `start-end`, `start-` or the
 * suffix `-length`. Several ranges, or a header that does not parse, are ignored (the whole file is
 * served, as the RFC allows); a range that starts past the end is unsatisfiable (416).
 */
import type { ByteRange } from './store';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header ? /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header) : null;
  if (!match) return { kind: 'whole' };
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return { kind: 'whole' };
  if (from === '') {
    const length = Number(to);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}
