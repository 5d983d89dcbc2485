import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('parseRange', () => {
  it('reads one range: closed, open and suffix, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'part', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'part', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'part', range: { start: 990, end: 999 } });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'part', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'part', range: { start: 0, end: 999 } });
  });

  it('answers past the end unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-1001', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('serves the whole file for no range, several ranges or nonsense', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-3', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 1000)).toEqual({ kind: 'whole' });
  });
});
