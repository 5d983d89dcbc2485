/**
 * News and media (protocol/news/news.ts): members read the published pages; an operator with the
 * `content` role reads every page and edits them. A page members may not see answers NOT_FOUND.
 */
import { Errno } from '../../../protocol/errors';
import type { NewsPage, NewsSlug, NewsSummary } from '../../../protocol/news/news';
import { ApiError } from '../../core/errors';
import type { Db } from '../../storage/contract';
import { type NewsEdit, type NewsRepository, newsRepository } from './news-repository';

export const NEWS_NOT_FOUND = 'This news page could not be found.';

const summary = ({ slug, title, summary, image_url, updated_at }: NewsPage): NewsSummary => ({
  slug,
  title,
  summary,
  image_url,
  updated_at,
});

export class NewsService {
  private readonly pages: NewsRepository;

  constructor(db: Db) {
    this.pages = newsRepository(db);
  }

  async list(): Promise<{ list: NewsSummary[] }> {
    return { list: (await this.pages.all(true)).map(summary) };
  }

  async page(slug: NewsSlug): Promise<NewsPage> {
    const page = await this.pages.find(slug);
    if (!page?.published) throw new ApiError(Errno.NOT_FOUND, NEWS_NOT_FOUND);
    return page;
  }

  async operatorList(): Promise<{ list: NewsPage[] }> {
    return { list: await this.pages.all(false) };
  }

  save(operatorId: string, slug: NewsSlug, edit: NewsEdit): Promise<NewsPage> {
    return this.pages.save(slug, edit, operatorId);
  }
}
