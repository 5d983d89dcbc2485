/** The hash-mode router. */
import { createHashHistory, createRouter } from '@tanstack/react-router';
import { RouteError } from './layout/RouteError';
import { routeTree } from './routes';

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  // Pages show their own skeletons; the loading overlay covers the session and route loaders.
  defaultPendingMs: 10_000,
  defaultPreload: false,
  scrollRestoration: false,
  // A page that could not open says why, with Retry, and opens by itself once back online.
  defaultErrorComponent: RouteError,
});
