import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PAGE,
  HANDOFF_PARAM,
  HANDOFF_TTL_S,
  isPartnerPath,
  legalEntityFor,
  PartnerErrno,
  switcherSites,
} from '../../../protocol/partner-sites/partner-sites';
import { signHandoff, verifyHandoff } from './handoff';
import type { PartnerConfig } from './partner-config';
import { PartnerSiteService } from './partner-sites';

const SECRET = 'a-partner-secret-of-32-characters!';
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('the hand-off token', () => {
  const token = signHandoff({ uid: 'M1001', site: 4, path: '/my/overview.php' }, SECRET, T0);

  it('verifies for its site within its lifetime and carries who, where and a nonce', () => {
    const check = verifyHandoff(token, SECRET, 4, T0 + 1_000);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.claims).toMatchObject({ uid: 'M1001', site: 4, path: '/my/overview.php', v: 1 });
    expect(check.claims.exp - check.claims.iat).toBe(HANDOFF_TTL_S);
    expect(check.claims.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Two tokens for the same hop differ (the nonce), so a partner can refuse a replay.
    const again = signHandoff({ uid: 'M1001', site: 4, path: '/my/overview.php' }, SECRET, T0);
    expect(again).not.toBe(token);
  });

  it('is refused once expired', () => {
    expect(verifyHandoff(token, SECRET, 4, T0 + HANDOFF_TTL_S * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('is refused when tampered with: another user, or another secret', () => {
    const [body, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, uid: 'M1002' })).toString('base64url');
    expect(verifyHandoff(`${forged}.${sig}`, SECRET, 4, T0)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyHandoff(token, 'another-partner-secret-xxxxxxxxxx', 4, T0)).toMatchObject({ ok: false });
    expect(verifyHandoff('not-a-token', SECRET, 4, T0)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('is refused by another partner site', () => {
    expect(verifyHandoff(token, SECRET, 5, T0)).toEqual({ ok: false, reason: 'wrong-site' });
  });
});

describe('partner paths (no open redirect)', () => {
  it.each(['/my/overview.php', '/a/b?c=d#e', '/'])('accepts %s', (url) =>
    expect(isPartnerPath(url)).toBe(true),
  );
  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'my/overview.php',
    '/a/../../b',
    '/a\nb',
    '',
  ])('refuses %s', (url) => expect(isPartnerPath(url)).toBe(false));
});

const SITES = [
  { siteid: 4, name: 'Starlight', hidden: 0 as const },
  { siteid: 5, name: 'AME', hidden: 0 as const },
  { siteid: 6, name: 'Moonlit', hidden: 0 as const },
];

describe('the switcher', () => {
  it('lists 4, 5 and 6 in that order', () => {
    expect(switcherSites([...SITES].reverse(), 'M1001', []).map((s) => s.siteid)).toEqual([4, 5, 6]);
  });
  it('leaves the third out when its flag is set', () => {
    const flagged = SITES.map((s) => (s.siteid === 6 ? { ...s, hidden: 1 as const } : s));
    expect(switcherSites(flagged, 'M1001', []).map((s) => s.siteid)).toEqual([4, 5]);
  });
  it('shows nothing when the only site is 41', () => {
    expect(switcherSites([{ siteid: 41, name: 'Glimmer', hidden: 0 }], 'M1001', [])).toEqual([]);
  });
  it('leaves AME out for the users on its hidden list only', () => {
    expect(switcherSites(SITES, 'M1002', ['M1002']).map((s) => s.name)).toEqual(['Starlight', 'Moonlit']);
    expect(switcherSites(SITES, 'M1001', ['M1002']).map((s) => s.name)).toContain('AME');
  });
});

describe('goto', () => {
  const config: PartnerConfig = {
    sites: SITES.map((s) => ({
      ...s,
      hidden: false,
      url: `https://p${s.siteid}.example/sso`,
      secret: `${SECRET}${s.siteid}`,
    })),
    ameHiddenUsers: ['M1002'],
    corpKey: 'SG',
    asia: { name: 'Asia Ltd', address: 'Singapore' },
    other: { name: 'Other Ltd', address: 'London' },
  };
  const service = new PartnerSiteService(config, () => T0);
  const member = { userid: 'M1001', role: 'man' as const };

  it('sends the member to the partner with a token that partner verifies', () => {
    const url = new URL(service.goto(member, 4, '/my/overview.php'));
    expect(url.origin).toBe('https://p4.example');
    const token = url.searchParams.get(HANDOFF_PARAM) ?? '';
    expect(verifyHandoff(token, `${SECRET}4`, 4, T0).ok).toBe(true);
  });
  it('sends siteid 99 to his account page', () => {
    expect(service.goto(member, 99, undefined)).toBe(ACCOUNT_PAGE);
  });
  it('refuses another origin, an unknown site, and AME for a hidden user', () => {
    expect(() => service.goto(member, 4, 'https://evil.example/')).toThrow(
      expect.objectContaining({ errno: PartnerErrno.BAD_TARGET }),
    );
    expect(() => service.goto(member, 7, '/x')).toThrow(
      expect.objectContaining({ errno: PartnerErrno.UNKNOWN_SITE }),
    );
    expect(() => service.goto({ userid: 'M1002', role: 'man' }, 5, '/x')).toThrow(
      expect.objectContaining({ errno: PartnerErrno.SITE_HIDDEN }),
    );
  });
  it('picks the legal entity by corporate key or the /asia path', () => {
    const corp = service.corp();
    expect(legalEntityFor(corp, '/').name).toBe('Asia Ltd');
    expect(legalEntityFor({ ...corp, corp_key: 'US' }, '/').name).toBe('Other Ltd');
    expect(legalEntityFor({ ...corp, corp_key: 'US' }, '/asia/').name).toBe('Asia Ltd');
  });
});
