import { describe, expect, it } from 'vitest';
import { refreshTarget, rememberPage } from './refresh';

describe('the /n1 and /n2 transitions', () => {
  it('go back to the page they were opened from, not Home', () => {
    rememberPage('/anchor/A2001');
    rememberPage('/n1');
    expect(refreshTarget(undefined)).toBe('/anchor/A2001');
  });
  it('prefer a from query naming a page of ours, and refuse other origins', () => {
    expect(refreshTarget('/showorder/schs?x=1', '/home')).toBe('/showorder/schs?x=1');
    expect(refreshTarget('//evil.example', '/masterlist')).toBe('/masterlist');
    expect(refreshTarget('https://evil.example', '')).toBe('/home');
  });
});
