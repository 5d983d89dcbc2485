/** The call-me pages (spec 002 §2): his authorizations, her invitations, one's detail and status. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../../app/route-helpers';

const callMePage = (name: keyof typeof import('.')) => lazyRouteComponent(() => import('.'), name);

export function callMeRoutes(M: AnyRoute) {
  return [
    page(
      M,
      'callAuthorization',
      { title: 'Call authorizations', description: 'The broadcasters you allow to call you.' },
      callMePage('CallAuthorizationPage'),
    ),
    page(
      M,
      'callEditAuthorization',
      { title: 'New call authorization', description: 'Authorize a broadcaster to call you.' },
      callMePage('AddAuthorizationPage'),
    ),
    page(
      M,
      'authformdetail',
      { title: 'Call authorization form', description: 'One of your call authorizations.' },
      callMePage('AuthorizationDetailPage'),
    ),
    page(
      M,
      'authformstatus',
      { title: 'Authorization status', description: 'Your call authorization was changed.' },
      callMePage('AuthorizationStatusPage'),
    ),
    page(
      M,
      'callmelist',
      { title: 'Call-me requests', description: 'Broadcasters who would like you to call them.' },
      callMePage('CallMeListPage'),
    ),
  ];
}
