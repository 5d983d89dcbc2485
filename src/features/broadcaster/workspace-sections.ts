/**
 * The sections of her workspace, each at its own address under /broadcaster: the studio (her live
 * work) is the default, the rest of her work is reached through the workspace navigation.
 */
import { BROADCASTER_HOME } from '../../app/session/guard';

export type SectionId = 'studio' | 'messages' | 'mail' | 'bookings' | 'media';

export interface WorkspaceSection {
  id: SectionId;
  /** The route path under /broadcaster ('/' for the studio). */
  path: string;
  /** The navigation's label; also the page title. */
  label: string;
  description: string;
}

export const WORKSPACE_SECTIONS: readonly WorkspaceSection[] = [
  {
    id: 'studio',
    path: '/',
    label: 'Studio',
    description: 'Go live, your One-on-Ones and hang-outs, members online and their requests.',
  },
  {
    id: 'messages',
    path: 'messages',
    label: 'Messages',
    description: 'Private messages, live chat and Say Hi from members.',
  },
  { id: 'mail', path: 'mail', label: 'Mail', description: 'Mail from members and the mail you send.' },
  {
    id: 'bookings',
    path: 'bookings',
    label: 'Bookings & shows',
    description: 'Your One-on-One bookings and your shows.',
  },
  {
    id: 'media',
    path: 'media',
    label: 'Media',
    description: 'Your premium videos, album and shots.',
  },
];

/** The address of a section ('/broadcaster' for the studio). */
export const sectionHref = (section: WorkspaceSection) =>
  section.path === '/' ? BROADCASTER_HOME : `${BROADCASTER_HOME}/${section.path}`;

/** The section an address shows; anything not a section of the workspace is the studio. */
export function sectionOf(pathname: string): SectionId {
  const rest = pathname.replace(/\/+$/, '');
  const found = WORKSPACE_SECTIONS.find((s) => s.path !== '/' && rest === sectionHref(s));
  return found?.id ?? 'studio';
}
