import { describe, expect, it } from 'vitest';
import {
  MEDIA_PARTS,
  mediaHref,
  mediaOf,
  sectionHref,
  sectionOf,
  WORKSPACE_SECTIONS,
} from './workspace-sections';

describe('the workspace section of an address', () => {
  it('is the studio at the workspace itself', () => {
    expect(sectionOf('/broadcaster')).toBe('studio');
    expect(sectionOf('/broadcaster/')).toBe('studio');
  });

  it('is the section its path names, with or without a trailing slash', () => {
    expect(sectionOf('/broadcaster/mail')).toBe('mail');
    expect(sectionOf('/broadcaster/messages/')).toBe('messages');
    expect(sectionOf('/broadcaster/bookings')).toBe('bookings');
    expect(sectionOf('/broadcaster/media')).toBe('media');
  });

  it('falls back to the studio for anything else', () => {
    expect(sectionOf('/broadcaster/nothing')).toBe('studio');
    expect(sectionOf('/broadcaster/mailbox')).toBe('studio');
    expect(sectionOf('/broadcaster/mail/42')).toBe('studio');
    expect(sectionOf('/inbox')).toBe('studio');
    expect(sectionOf('')).toBe('studio');
  });

  it('reads back every section from its own address', () => {
    for (const section of WORKSPACE_SECTIONS) expect(sectionOf(sectionHref(section))).toBe(section.id);
    expect(WORKSPACE_SECTIONS.map(sectionHref)[0]).toBe('/broadcaster');
    expect(WORKSPACE_SECTIONS.map((s) => s.label)).toEqual([
      'Studio',
      'Messages',
      'Mail',
      'Bookings & shows',
      'Calls',
      'Media',
    ]);
  });
});

describe('the part of her Media section an address shows', () => {
  it('is the album at the section itself, each other part at its own address', () => {
    expect(mediaOf('/broadcaster/media')).toBe('album');
    expect(mediaOf('/broadcaster/media/shots')).toBe('shots');
    expect(mediaOf('/broadcaster/media/premium-videos/')).toBe('premium-videos');
    for (const part of MEDIA_PARTS) {
      expect(mediaOf(mediaHref(part))).toBe(part.id);
      expect(sectionOf(mediaHref(part))).toBe('media');
    }
  });

  it('is none outside it', () => {
    expect(mediaOf('/broadcaster/media/nothing')).toBeUndefined();
    expect(sectionOf('/broadcaster/media/nothing')).toBe('studio');
    expect(mediaOf('/broadcaster/mail')).toBeUndefined();
  });
});
