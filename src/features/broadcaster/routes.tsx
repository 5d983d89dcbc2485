/**
 * The broadcaster's workspace behind the broadcaster guard: one page whose sections each have their
 * own address and title (/broadcaster is her studio, /broadcaster/mail her mail…). BroadcasterPage
 * draws the section its address names (Media's parts have addresses of their own). An unknown section needs no route here: the map's catch-all
 * sends it to Discover, and the member guard sends a broadcaster from there to her studio.
 */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MEDIA_TITLES, SECTION_TITLES } from './sections';

const description = 'Your broadcaster workspace on Glimmer.';

const BroadcasterPage = lazyRouteComponent(() => import('./BroadcasterPage'), 'BroadcasterPage');

export const broadcasterRoutes = (lady: AnyRoute) => {
  const workspace = createRoute({
    getParentRoute: () => lady,
    path: 'broadcaster',
    component: BroadcasterPage,
  });
  const section = (id: string, title: string) =>
    createRoute({
      getParentRoute: () => workspace,
      path: id === 'studio' ? '/' : id,
      staticData: { title, description },
    });
  // Media's root only holds its parts: its title is each part's (a page of the route map has one).
  const media = createRoute({ getParentRoute: () => workspace, path: 'media' });
  return [
    workspace.addChildren([
      ...Object.entries(SECTION_TITLES)
        .filter(([id]) => id !== 'media')
        .map(([id, title]) => section(id, title)),
      media.addChildren(
        Object.entries(MEDIA_TITLES).map(([id, title]) =>
          createRoute({
            getParentRoute: () => media,
            path: id === 'album' ? '/' : id,
            staticData: { title: `${title} · ${SECTION_TITLES.media}`, description },
          }),
        ),
      ),
    ]),
  ];
};
