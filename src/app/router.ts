/** The hash-mode router. */
import { createHashHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routes';

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  // Pages show their own skeletons; the loading overlay covers the session and route loaders.
  defaultPendingMs: 10_000,
  defaultPreload: false,
  scrollRestoration: false,
});
