/** Say Hi: pages in a chunk of their own. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, forward, page } from '../../app/route-helpers';

const sayHiPage = (name: keyof typeof import('.')) => lazyRouteComponent(() => import('.'), name);

export function sayHiRoutes(M: AnyRoute) {
  const wait = createRoute({ getParentRoute: () => M, path: 'wait' });
  const list = createRoute({ getParentRoute: () => M, path: 'sayhilistindex' });
  const what = "Broadcasters' responses to your Say Hi.";
  return [
    page(
      M,
      'sayhiabout',
      { title: 'About Say Hi', description: 'How Say Hi works: a free hello to a broadcaster.' },
      sayHiPage('SayHiAboutPage'),
    ),
    wait.addChildren([
      defaultChild(wait, '/wait/sayhiwaitreply'),
      page(
        wait,
        'sayhiwaitreply',
        { title: 'Say Hi: waiting for replies', description: 'The Say Hi you sent that wait for a reply.' },
        sayHiPage('SayHiWaitPage'),
      ),
      forward(wait, 'transition', '/wait/sayhiwaitreply'),
    ]),
    list.addChildren([
      defaultChild(list, '/sayhilistindex/all'),
      page(list, 'all', { title: 'Say Hi responses', description: what }, sayHiPage('SayHiAllPage')),
      page(
        list,
        'waithasdata',
        { title: 'Say Hi responses', description: what },
        sayHiPage('SayHiWithDataPage'),
      ),
    ]),
    page(
      M,
      'sayhidetail',
      { title: 'Say Hi response', description: 'A broadcaster’s response to your Say Hi.' },
      sayHiPage('SayHiDetailPage'),
    ),
    page(
      M,
      'sayhisendindex',
      { title: 'Say Hi', description: 'Send a free Say Hi to a broadcaster.' },
      sayHiPage('SayHiSendPage'),
    ),
    page(
      M,
      'sayhisendsuccess',
      { title: 'Say Hi sent', description: 'Your Say Hi is on its way.' },
      sayHiPage('SayHiSuccessPage'),
    ),
    page(
      M,
      'sayhisendpreview',
      { title: 'Preview your Say Hi', description: 'Check your Say Hi before you send it.' },
      sayHiPage('SayHiPreviewPage'),
    ),
  ];
}
