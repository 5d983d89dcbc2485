import { describe, expect, it } from 'vitest';
import { activeNavItem } from './nav';

describe('activeNavItem', () => {
  it('highlights Discover for the list, home and broadcaster profiles', () => {
    expect(activeNavItem('/masterlist')).toBe('discover');
    expect(activeNavItem('/home')).toBe('discover');
    expect(activeNavItem('/anchor/A2005')).toBe('discover');
  });

  it('highlights Help for howitwork and help pages', () => {
    expect(activeNavItem('/howitwork/works')).toBe('help');
    expect(activeNavItem('/howitwork/faq/2')).toBe('help');
    expect(activeNavItem('/help/service-intro/hang-out')).toBe('help');
  });

  it('highlights News for newsandmedia pages', () => {
    expect(activeNavItem('/newsandmedia')).toBe('news');
    expect(activeNavItem('/newsandmedia/yearendp')).toBe('news');
  });

  it('highlights the item whose section is open', () => {
    expect(activeNavItem('/showorder/myticket')).toBe('shows');
    expect(activeNavItem('/mymessage')).toBe('messages');
    expect(activeNavItem('/inbox')).toBe('mail');
    expect(activeNavItem('/compose')).toBe('mail');
  });

  it('highlights nothing elsewhere and does not match on a shared prefix only', () => {
    expect(activeNavItem('/mysetting/options')).toBeNull();
    expect(activeNavItem('/homework')).toBeNull();
    expect(activeNavItem('/helpdesk')).toBeNull();
    expect(activeNavItem('/')).toBeNull();
  });
});
