/** The member's profile pages: the fill wizard, the account page, email and phone verification. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const profileRoutes = (M: AnyRoute) => [
  page(
    M,
    'profile/wizard',
    { title: 'Complete your profile', description: 'Tell broadcasters about yourself in three short steps.' },
    lazyRouteComponent(() => import('./ProfileWizard'), 'ProfileWizard'),
  ),
  page(
    M,
    'profile/account',
    { title: 'My profile', description: 'Your profile, photo and verification.' },
    lazyRouteComponent(() => import('./AccountPage'), 'AccountPage'),
  ),
  page(
    M,
    'profile/verify-email',
    { title: 'Verify login email', description: 'Confirm the email you sign in with.' },
    lazyRouteComponent(() => import('./EmailVerify'), 'VerifyEmailPage'),
  ),
  page(
    M,
    'profile/verify-phone',
    { title: 'Verify mobile number', description: 'Confirm your mobile number with a text message.' },
    lazyRouteComponent(() => import('./VerifyPhonePage'), 'VerifyPhonePage'),
  ),
];
