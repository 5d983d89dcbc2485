import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './guard';

describe('login redirect', () => {
  it('sends a visitor to the member login with the hash route to come back to', () => {
    expect(loginUrl('/anchor/A2005')).toBe('/user/login?redirect=%2Fanchor%2FA2005');
    expect(loginUrl('/compose?anchorid=A2005')).toBe('/user/login?redirect=%2Fcompose%3Fanchorid%3DA2005');
    expect(loginUrl('/masterlist')).toBe('/user/login');
  });

  it('accepts only routes of this app and defaults to Discover', () => {
    expect(safeRedirect(null)).toBe('/masterlist');
    expect(safeRedirect('')).toBe('/masterlist');
    expect(safeRedirect('/')).toBe('/masterlist');
    expect(safeRedirect('/anchor/A2005')).toBe('/anchor/A2005');
    expect(safeRedirect('#/showorder/myticket')).toBe('/showorder/myticket');
    expect(safeRedirect('//evil.example/x')).toBe('/masterlist');
    expect(safeRedirect('https://evil.example')).toBe('/masterlist');
    expect(safeRedirect('javascript:alert(1)')).toBe('/masterlist');
    expect(safeRedirect('/\\evil')).toBe('/masterlist');
  });
});
