/** News and media (spec 002 §2): /newsandmedia and its ten children, in a chunk of their own. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const indexPage = lazyRouteComponent(() => import('./NewsPages'), 'NewsIndexPage');
const articlePage = lazyRouteComponent(() => import('./NewsPages'), 'NewsArticlePage');

/** Each child's document title (its content, and the title on the page, are the operator's). */
const CHILDREN: [string, string][] = [
  ['chatminites', 'Chat minute packages'],
  ['yearendp', 'Year-end promotion'],
  ['chatminintro', 'About chat minutes'],
  ['whatsnew', "What's new"],
  ['special', 'Special offer'],
  ['special2', 'Special offer'],
  ['special3', 'Special offer'],
  ['special4', 'Special offer'],
  ['special5', 'Special offer'],
  ['special6', 'Special offer'],
];

export function newsRoutes(M: AnyRoute) {
  const news = createRoute({ getParentRoute: () => M, path: 'newsandmedia' });
  const what = 'News, promotions and what is new on Glimmer.';
  return news.addChildren([
    page(news, '/', { title: 'News', description: what }, indexPage),
    ...CHILDREN.map(([path, title]) => page(news, path, { title, description: what }, articlePage)),
  ]);
}
