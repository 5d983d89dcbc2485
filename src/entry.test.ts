import { describe, expect, it } from 'vitest';
import { resolveEntry } from './entry';

describe('resolveEntry', () => {
  it('opens the login pages and the maintenance page by pathname', () => {
    expect(resolveEntry('/user/login', '')).toEqual({ kind: 'member-login' });
    expect(resolveEntry('/user/login/', '')).toEqual({ kind: 'member-login' });
    expect(resolveEntry('/broadcast/login', '')).toEqual({ kind: 'anchor-login' });
    expect(resolveEntry('/user/signup', '')).toEqual({ kind: 'member-signup' });
    expect(resolveEntry('/static/maintenance/', '')).toEqual({ kind: 'maintenance' });
    expect(resolveEntry('/static/maintenance', '')).toEqual({ kind: 'maintenance' });
  });

  it('maps list.html hash routes onto the app', () => {
    expect(resolveEntry('/list.html', '#/anchor/A2005')).toEqual({ kind: 'redirect', to: '/#/anchor/A2005' });
    expect(resolveEntry('/page/list.html', '#/compose?anchorid=A2005')).toEqual({
      kind: 'redirect',
      to: '/#/compose?anchorid=A2005',
    });
    expect(resolveEntry('/list.html', '#/howitwork/works')).toEqual({
      kind: 'redirect',
      to: '/#/howitwork/works',
    });
    expect(resolveEntry('/list.html', '')).toEqual({ kind: 'redirect', to: '/#/' });
    expect(resolveEntry('/page/list.html', '#myhomeback')).toEqual({ kind: 'redirect', to: '/#/myhomeback' });
  });

  it('maps live.html hash parameters onto the live route query', () => {
    expect(resolveEntry('/live.html', '#anchorid=A2005&type=public')).toEqual({
      kind: 'redirect',
      to: '/#/live?anchorid=A2005&type=public',
    });
    expect(resolveEntry('/page/live.html', '#anchorid=A2001&type=private&roomid=R9')).toEqual({
      kind: 'redirect',
      to: '/#/live?anchorid=A2001&type=private&roomid=R9',
    });
    expect(resolveEntry('/live.html', '')).toEqual({ kind: 'redirect', to: '/#/live' });
  });

  it('opens the add-credit page as the add-credit route, with its query', () => {
    expect(resolveEntry('/nx/page/Payment/checkout', '', '?clickFrom=S01&orderType=7')).toEqual({
      kind: 'redirect',
      to: '/#/addcredit?clickFrom=S01&orderType=7',
    });
    expect(resolveEntry('/nx/page/Payment/checkout/', '', '')).toEqual({
      kind: 'redirect',
      to: '/#/addcredit',
    });
  });

  it('leaves every other address to the hash router', () => {
    expect(resolveEntry('/', '#/masterlist')).toEqual({ kind: 'app' });
    expect(resolveEntry('/index.html', '')).toEqual({ kind: 'app' });
    expect(resolveEntry('/user/loginx', '')).toEqual({ kind: 'app' });
  });
});
