/**
 * Which section of her workspace an address shows, and each section's address: the studio (her
 * live work) at /broadcaster is the default, the rest of her work at /broadcaster/<section>.
 */
import { BROADCASTER_HOME } from '../../app/session/guard';
import { SECTION_TITLES, type SectionId } from './sections';

export type { SectionId };

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
  return WORKSPACE_SECTIONS.find((s) => s.id !== 'studio' && rest === sectionHref(s))?.id ?? 'studio';
}
