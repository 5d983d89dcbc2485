/** The route registry: every API route, in one list, so that tests can walk all of them. */
import type { ApiRoute } from '../route';
import { discoverRoutes } from './discover';
import { invitationRoutes } from './invitations';
import { sessionRoutes } from './session';

export const apiRoutes: readonly ApiRoute[] = [...sessionRoutes, ...discoverRoutes, ...invitationRoutes];
