/** News and media calls (protocol/news/news.ts); a page read once is kept on this device for offline. */
import { NewsApi, type NewsPage, type NewsSlug, type NewsSummary } from '../../../protocol/news/news';
import { call } from '../../api/http';

const KEY = 'glimmer:news:';

function keep(key: string, value: unknown) {
  try {
    localStorage.setItem(KEY + key, JSON.stringify(value));
  } catch {
    // Storage full or off: the page just is not there offline.
  }
}

function kept<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(KEY + key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Online, the server's answer (kept, with when); offline or failing, the copy read last time, else the error. */
async function withCopy<T>(
  key: string,
  load: () => Promise<T>,
): Promise<{ data: T; savedAt: number | null }> {
  try {
    const data = await load();
    keep(key, { data, savedAt: Date.now() });
    return { data, savedAt: null };
  } catch (error) {
    const copy = kept<{ data: T; savedAt: number }>(key);
    // A copy kept before copies carried their time is not shown.
    if (copy && typeof copy.savedAt === 'number') return copy;
    throw error;
  }
}

export const getNewsList = () =>
  withCopy('list', () => call<{ list: NewsSummary[] }>(NewsApi.list).then((d) => d.list));

export const getNewsPage = (slug: NewsSlug) => withCopy(slug, () => call<NewsPage>(NewsApi.page, { slug }));

// The console's calls (operators with the `content` role).
export const getAllNews = () => call<{ list: NewsPage[] }>(NewsApi.operatorList);
export const saveNews = (page: {
  slug: NewsSlug;
  title: string;
  summary: string;
  body: string;
  image_url: string;
  published: boolean;
}) => call<NewsPage>(NewsApi.operatorSave, { ...page, published: page.published ? 1 : 0 });
