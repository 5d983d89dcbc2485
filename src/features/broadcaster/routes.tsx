/**
 * The broadcaster's workspace behind the broadcaster guard: one page whose sections each have their
 * own address (/broadcaster is her studio, /broadcaster/mail her mail…); an unknown section opens
 * the studio.
 */
import { type AnyRoute, createRoute, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { forward, page } from '../../app/route-helpers';
import { BROADCASTER_HOME } from '../../app/session/guard';
import { type SectionId, WORKSPACE_SECTIONS } from './workspace-sections';

const BroadcasterPage = lazyRouteComponent(() => import('./BroadcasterPage'), 'BroadcasterPage');
const section = (name: keyof typeof import('./WorkspaceSections')) =>
  lazyRouteComponent(() => import('./WorkspaceSections'), name);

// The studio is drawn by BroadcasterPage itself: it stays mounted (her camera, her One-on-One)
// while another section is shown.
const SECTION_PAGES: Record<SectionId, RouteComponent> = {
  studio: () => null,
  messages: section('MessagesSection'),
  mail: section('MailSection'),
  bookings: section('BookingsSection'),
  media: section('MediaSection'),
};

export const broadcasterRoutes = (lady: AnyRoute) => {
  const workspace = createRoute({
    getParentRoute: () => lady,
    path: 'broadcaster',
    component: BroadcasterPage,
  });
  return [
    workspace.addChildren([
      ...WORKSPACE_SECTIONS.map((s) =>
        page(workspace, s.path, { title: s.label, description: s.description }, SECTION_PAGES[s.id]),
      ),
      forward(workspace, '$', BROADCASTER_HOME),
    ]),
  ];
};
