/**
 * Which section of her workspace an address shows, and each section's address: the studio (her
 * live work) at /broadcaster is the default, the rest of her work at /broadcaster/<section>.
 */
import { BROADCASTER_HOME } from '../../app/session/guard';
import { MEDIA_TITLES, type MediaId, SECTION_TITLES, type SectionId } from './sections';

export type { MediaId, SectionId };

export interface WorkspaceSection {
  id: SectionId;
  /** The navigation's label; also the page title. */
  label: string;
}

export const WORKSPACE_SECTIONS: readonly WorkspaceSection[] = (
  Object.keys(SECTION_TITLES) as SectionId[]
).map((id) => ({ id, label: SECTION_TITLES[id] }));

/** The address of a section ('/broadcaster' for the studio). */
export const sectionHref = ({ id }: { id: SectionId }) =>
  id === 'studio' ? BROADCASTER_HOME : `${BROADCASTER_HOME}/${id}`;

/** The section an address shows; anything not a section of the workspace is the studio. */
export function sectionOf(pathname: string): SectionId {
  const rest = pathname.replace(/\/+$/, '');
  if (mediaOf(rest)) return 'media';
  return WORKSPACE_SECTIONS.find((s) => s.id !== 'studio' && rest === sectionHref(s))?.id ?? 'studio';
}

export interface MediaPart {
  id: MediaId;
  label: string;
}

export const MEDIA_PARTS: readonly MediaPart[] = (Object.keys(MEDIA_TITLES) as MediaId[]).map((id) => ({
  id,
  label: MEDIA_TITLES[id],
}));

const MEDIA_HOME = sectionHref({ id: 'media' });

/** The address of a part of her Media section (the album is the section's own address). */
export const mediaHref = ({ id }: { id: MediaId }) => (id === 'album' ? MEDIA_HOME : `${MEDIA_HOME}/${id}`);

/** The part of her Media section an address shows; undefined when it is not in that section. */
export function mediaOf(pathname: string): MediaId | undefined {
  const rest = pathname.replace(/\/+$/, '');
  return MEDIA_PARTS.find((part) => rest === mediaHref(part))?.id;
}
