/**
 * The account's hash routes: the pages mailed links open (outside the member guard, so a link works
 * signed out) and the security page inside the shell. Sign-up itself is the top-level /user/signup.
 */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const linkPage = (name: 'VerifyEmailPage' | 'ResetPasswordPage' | 'ForgotPasswordPage') =>
  lazyRouteComponent(() => import('./LinkPages'), name);

/** Under the root: readable signed out. */
export function accountPublicRoutes(root: AnyRoute) {
  const account = createRoute({ getParentRoute: () => root, path: 'account' });
  return account.addChildren([
    page(
      account,
      'verify-email',
      { title: 'Confirm your email', description: 'Confirm the email of your Glimmer account.' },
      linkPage('VerifyEmailPage'),
    ),
    page(
      account,
      'reset-password',
      { title: 'Choose a new password', description: 'Set a new password for your Glimmer account.' },
      linkPage('ResetPasswordPage'),
    ),
    page(
      account,
      'forgot-password',
      { title: 'Forgot your password?', description: 'Get a link to choose a new password.' },
      linkPage('ForgotPasswordPage'),
    ),
  ]);
}

/** Under the member guard. */
export const accountRoutes = (M: AnyRoute) => [
  page(
    M,
    'account/security',
    {
      title: 'Account & security',
      description: 'Your email, password, signed-in devices, your data and deleting your account.',
    },
    lazyRouteComponent(() => import('./SecurityPage'), 'SecurityPage'),
  ),
];
