/** Live chat's page, and its chat vouchers in the backpack. */
import { type AnyRoute, createRoute, lazyRouteComponent, useSearch } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const LiveChatPage = lazyRouteComponent(() => import('./LiveChatPage'), 'LiveChatPage');

export const liveChatRoutes = (M: AnyRoute) => [
  createRoute({
    getParentRoute: () => M,
    path: 'livechat',
    staticData: { title: 'Live chat', description: 'Chat with a broadcaster in real time.' },
    validateSearch: (search: Record<string, unknown>): { anchorid?: string } =>
      typeof search.anchorid === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(search.anchorid)
        ? { anchorid: search.anchorid }
        : {},
    component: function LiveChatRoute() {
      return <LiveChatPage {...(useSearch({ strict: false }) as { anchorid?: string })} />;
    },
  }),
];

/** Under the backpack (/myhomeback). */
export const liveChatBackpackRoutes = (back: AnyRoute) => [
  page(
    back,
    'chat',
    { title: 'Chat vouchers', description: 'Your live-chat vouchers.' },
    lazyRouteComponent(() => import('./ChatVouchersPage'), 'ChatVouchersPage'),
  ),
];
