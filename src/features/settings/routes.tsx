/** Settings pages under /mysetting (the online-notification page is the notifications feature's). */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const settingsRoutes = (settings: AnyRoute) => [
  page(
    settings,
    'options',
    { title: 'Settings', description: 'Live chat, privacy and blocked broadcasters.' },
    lazyRouteComponent(() => import('./OptionsPage'), 'OptionsPage'),
  ),
  page(
    settings,
    'setchoice',
    { title: 'Notification choices', description: 'How each alert reaches you: push, email or off.' },
    lazyRouteComponent(() => import('./SetChoicePage'), 'SetChoicePage'),
  ),
];
