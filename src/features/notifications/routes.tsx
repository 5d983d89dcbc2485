/** Online notifications, under the settings (/mysetting). */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const notificationSettingsRoutes = (settings: AnyRoute) => [
  page(
    settings,
    'onlinenotification',
    { title: 'Online notifications', description: 'Alerts on this device for invitations and shows.' },
    lazyRouteComponent(() => import('./OnlineNotificationPage'), 'OnlineNotificationPage'),
  ),
];
