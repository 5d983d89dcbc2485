/** News pages (migration 036): one row per child of /newsandmedia. */
import type { NewsPage, NewsSlug } from '../../../protocol/news/news';
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';

interface Row {
  slug: NewsSlug;
  title: string;
  summary: string;
  body: string;
  image_url: string;
  published: boolean;
  updated_at: unknown;
}

const toPage = (row: Row): NewsPage => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
  image_url: row.image_url,
  published: row.published,
  updated_at: Math.floor(toDate(row.updated_at).getTime() / 1000),
});

export interface NewsEdit {
  title: string;
  summary: string;
  body: string;
  imageUrl: string;
  published: boolean;
}

export function newsRepository(db: Db) {
  return {
    async all(publishedOnly: boolean): Promise<NewsPage[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM news_pages ${publishedOnly ? 'WHERE published' : ''} ORDER BY position, slug`,
      );
      return rows.map(toPage);
    },

    async find(slug: NewsSlug): Promise<NewsPage | undefined> {
      const [row] = await db.query<Row>('SELECT * FROM news_pages WHERE slug = $1', [slug]);
      return row && toPage(row);
    },

    /** Writes the page (a slug without a row yet gets one at the end of the list). */
    async save(slug: NewsSlug, edit: NewsEdit, operatorId: string): Promise<NewsPage> {
      const [row] = await db.query<Row>(
        `INSERT INTO news_pages (slug, title, summary, body, image_url, published, position, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT coalesce(max(position), 0) + 1 FROM news_pages), $7)
         ON CONFLICT (slug) DO UPDATE SET title = $2, summary = $3, body = $4, image_url = $5,
           published = $6, updated_by = $7, updated_at = now()
         RETURNING *`,
        [slug, edit.title, edit.summary, edit.body, edit.imageUrl, edit.published, operatorId],
      );
      if (!row) throw new Error('news_pages: the saved row did not come back');
      return toPage(row);
    },
  };
}
export type NewsRepository = ReturnType<typeof newsRepository>;
