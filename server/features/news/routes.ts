/** News and media: members' reading calls and the `content` operator's editing calls. */
import { NewsApi } from '../../../protocol/news/news';
import { NewsSaveBody, NewsSlugBody } from '../../../protocol/news/news-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const newsRoutes = [
  defineRoute({
    path: NewsApi.list,
    auth: 'user',
    schema: Empty,
    handler: (ctx) => ctx.services.news.list(),
  }),
  defineRoute({
    path: NewsApi.page,
    auth: 'user',
    schema: NewsSlugBody,
    handler: (ctx, body) => ctx.services.news.page(body.slug),
  }),
  defineRoute({
    path: NewsApi.operatorList,
    auth: 'operator',
    operatorRole: 'content',
    schema: Empty,
    handler: (ctx) => ctx.services.news.operatorList(),
  }),
  defineRoute({
    path: NewsApi.operatorSave,
    auth: 'operator',
    operatorRole: 'content',
    schema: NewsSaveBody,
    handler: (ctx, body) =>
      ctx.services.news.save(ctx.caller.userid, body.slug, {
        title: body.title,
        summary: body.summary,
        body: body.body,
        imageUrl: body.image_url,
        published: body.published,
      }),
  }),
];
