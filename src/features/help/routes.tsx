/** The help pages (spec 002 §2: howitwork and the service introductions): no login needed. Their
 * text is a chunk of its own, loaded on demand and precached by the service worker. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, forward, page } from '../../app/route-helpers';

const helpDocPage = lazyRouteComponent(() => import('./HelpPages'), 'HelpDocPage');
const faqPage = lazyRouteComponent(() => import('./HelpPages'), 'FaqPage');

export function helpRoutes(root: AnyRoute) {
  const howitwork = createRoute({ getParentRoute: () => root, path: 'howitwork' });
  const serviceIntro = createRoute({ getParentRoute: () => root, path: 'help/service-intro' });
  return [
    howitwork.addChildren([
      defaultChild(howitwork, '/howitwork/works'),
      page(
        howitwork,
        'works',
        {
          title: 'How it works',
          description: 'A guide to Glimmer: finding a date, free services, live video and more.',
        },
        helpDocPage,
      ),
      page(
        howitwork,
        'risk_disclosure',
        { title: 'Risk disclosure', description: 'What to keep in mind when meeting people online.' },
        helpDocPage,
      ),
      page(
        howitwork,
        'policy',
        { title: 'Terms and Policies', description: 'Our terms of use and privacy policy.' },
        helpDocPage,
      ),
      page(
        howitwork,
        'tc',
        { title: 'Terms and Conditions', description: 'The terms and conditions of the Glimmer service.' },
        helpDocPage,
      ),
      forward(howitwork, 'faq', '/howitwork/faq/0'),
      page(
        howitwork,
        'faq/$index',
        { title: 'Help & FAQs', description: 'Answers to the questions members ask most.' },
        faqPage,
      ),
      page(
        howitwork,
        'aboutus',
        { title: 'About us', description: 'Who we are and how to reach us.' },
        helpDocPage,
      ),
    ]),
    serviceIntro.addChildren([
      defaultChild(serviceIntro, '/help/service-intro/public-broadcast'),
      ...(
        [
          ['public-broadcast', 'Public broadcast'],
          ['one-on-one', 'One-on-One'],
          ['schedule', 'Scheduled One-on-One'],
          ['premium-video', 'Premium video'],
          ['say-hi', 'Say Hi'],
          ['greeting-mail', 'Greeting mail'],
          ['mail', 'Mail'],
          ['chat', 'Chat'],
          ['hang-out', 'Hang-out'],
          ['gifts-and-flowers', 'Gifts and flowers'],
          ['call-service', 'Call service'],
        ] as const
      ).map(([path, title]) =>
        page(
          serviceIntro,
          path,
          { title, description: 'How this Glimmer service works and what it costs.' },
          helpDocPage,
        ),
      ),
    ]),
    forward(root, 'help', '/help/service-intro'),
    forward(root, 'aboutus', '/howitwork/aboutus'),
  ];
}
