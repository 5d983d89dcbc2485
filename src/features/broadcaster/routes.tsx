/**
 * The broadcaster's workspace behind the broadcaster guard: one page whose sections each have their
 * own address and title (/broadcaster is her studio, /broadcaster/mail her mail…). BroadcasterPage
 * draws the section its address names. An unknown section needs no route here: the map's catch-all
 * sends it to Discover, and the member guard sends a broadcaster from there to her studio.
 */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SECTION_TITLES } from './sections';

const BroadcasterPage = lazyRouteComponent(() => import('./BroadcasterPage'), 'BroadcasterPage');

export const broadcasterRoutes = (lady: AnyRoute) => {
  const workspace = createRoute({
    getParentRoute: () => lady,
    path: 'broadcaster',
    component: BroadcasterPage,
  });
  return [
    workspace.addChildren(
      Object.entries(SECTION_TITLES).map(([id, title]) =>
        createRoute({
          getParentRoute: () => workspace,
          path: id === 'studio' ? '/' : id,
          staticData: { title, description: 'Your broadcaster workspace on Glimmer.' },
        }),
      ),
    ),
  ];
};
