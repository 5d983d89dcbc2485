/** Messages and contacts. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const contactPage = <K extends 'ContactListPage' | 'FavoriteListPage'>(name: K) =>
  lazyRouteComponent(() => import('./ContactListPages'), name);
const MessagesPage = lazyRouteComponent(() => import('./MessagesPage'), 'MessagesPage');

export const messageRoutes = (M: AnyRoute) => [
  createRoute({
    getParentRoute: () => M,
    path: 'mymessage',
    staticData: { title: 'Messages', description: 'Private messages with broadcasters, and your contacts.' },
    // ?to=<broadcaster id> opens that conversation.
    validateSearch: (search: Record<string, unknown>): { to?: string } =>
      typeof search.to === 'string' && search.to ? { to: search.to } : {},
    component: MessagesPage,
  }),
  page(
    M,
    'favoritelist',
    { title: 'Following', description: 'The broadcasters you follow.' },
    contactPage('FavoriteListPage'),
  ),
  page(
    M,
    'contactList',
    { title: 'My contacts', description: 'The broadcasters you have been in touch with.' },
    contactPage('ContactListPage'),
  ),
];
