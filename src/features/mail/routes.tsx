/** Mail, greeting mail and post stamps (their own chunk). */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const mailPage = (name: keyof typeof import('.')) => lazyRouteComponent(() => import('.'), name);

export const mailRoutes = (M: AnyRoute) => [
  page(
    M,
    'inbox',
    { title: 'Mail', description: 'Mail from broadcasters, with photos and videos.' },
    mailPage('InboxPage'),
  ),
  page(
    M,
    'outbox',
    { title: 'Sent mail', description: 'The mail you sent to broadcasters.' },
    mailPage('OutboxPage'),
  ),
  page(
    M,
    'compose',
    { title: 'Write a mail', description: 'Write a mail to a broadcaster, with photos.' },
    mailPage('ComposePage'),
  ),
  page(
    M,
    'sendmail',
    { title: 'Send mail', description: 'Write a mail to a broadcaster, with photos.' },
    mailPage('ComposePage'),
  ),
  page(
    M,
    'success',
    { title: 'Mail sent', description: 'Your mail is on its way.' },
    mailPage('MailSentPage'),
  ),
  page(
    M,
    'lletter',
    { title: 'Greeting mail', description: 'Greeting mail from broadcasters.' },
    mailPage('GreetingMailPage'),
  ),
];

/** Under the backpack (/myhomeback). */
export const mailBackpackRoutes = (back: AnyRoute) => [
  page(
    back,
    'stamps',
    { title: 'Post stamps', description: 'Buy post stamps to save on mail.' },
    mailPage('StampsPage'),
  ),
  page(
    back,
    'stampsHistories',
    { title: 'Post stamp history', description: 'How you used your post stamps.' },
    mailPage('StampHistoriesPage'),
  ),
];
