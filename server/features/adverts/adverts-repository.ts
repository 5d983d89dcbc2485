/** Adverts and the pop-ups each member has seen (migration 048). */
import type { AdvertKind, OperatorAdvert } from '../../../protocol/adverts/adverts';
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';

interface Row {
  id: string;
  kind: AdvertKind;
  status: number;
  title: string;
  alt: string;
  img: string;
  width: number;
  height: number;
  url_type: number;
  url: string;
  ga_click_point: string;
  scenes: string;
  pages: string;
  updated_at: unknown;
  updated_by: string;
}

const numbers = (csv: string): number[] => (csv ? csv.split(',').map(Number) : []);

const toAdvert = (row: Row): OperatorAdvert => ({
  id: row.id,
  kind: row.kind,
  status: row.status === 1 ? 1 : 0,
  matters: {
    img: row.img,
    width: Number(row.width),
    height: Number(row.height),
    title: row.title,
    alt: row.alt,
  },
  url_type: Number(row.url_type) === 2 ? 2 : 1,
  url: row.url,
  ga_click_point: row.ga_click_point,
  scenes: numbers(row.scenes),
  pages: numbers(row.pages),
  updated_at: Math.floor(toDate(row.updated_at).getTime() / 1000),
  updated_by: row.updated_by,
});

export interface AdvertEdit {
  title: string;
  alt: string;
  urlType: 1 | 2;
  url: string;
  img: string;
  width: number;
  height: number;
  scenes: number[];
  pages: number[];
}

export function advertsRepository(db: Db) {
  return {
    async all(): Promise<OperatorAdvert[]> {
      const rows = await db.query<Row>('SELECT * FROM adverts ORDER BY position, id');
      return rows.map(toAdvert);
    },

    async byIds(ids: readonly string[]): Promise<OperatorAdvert[]> {
      if (ids.length === 0) return [];
      const marks = ids.map((_, i) => `$${i + 1}`).join(', ');
      const rows = await db.query<Row>(`SELECT * FROM adverts WHERE id IN (${marks})`, [...ids]);
      return rows.map(toAdvert);
    },

    /** The pop-ups among `ids` this member has seen. */
    async seen(memberId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const marks = ids.map((_, i) => `$${i + 2}`).join(', ');
      const rows = await db.query<{ advert_id: string }>(
        `SELECT advert_id FROM advert_views WHERE member_id = $1 AND advert_id IN (${marks})`,
        [memberId, ...ids],
      );
      return new Set(rows.map((r) => r.advert_id));
    },

    /** Records that he saw it; false when the advert does not exist. Seen twice is still once. */
    async markSeen(memberId: string, advertId: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO advert_views (advert_id, member_id)
         SELECT id, $2 FROM adverts WHERE id = $1
         ON CONFLICT (advert_id, member_id) DO NOTHING
         RETURNING advert_id`,
        [advertId, memberId],
      );
      if (rows.length > 0) return true;
      return (await this.byIds([advertId])).length > 0;
    },

    async setStatus(id: string, status: 0 | 1, operatorId: string): Promise<OperatorAdvert | undefined> {
      const [row] = await db.query<Row>(
        `UPDATE adverts SET status = $2, updated_at = now(), updated_by = $3 WHERE id = $1 RETURNING *`,
        [id, status, operatorId],
      );
      return row && toAdvert(row);
    },

    async save(id: string, edit: AdvertEdit, operatorId: string): Promise<OperatorAdvert | undefined> {
      const [row] = await db.query<Row>(
        `UPDATE adverts SET title = $2, alt = $3, url_type = $4, url = $5, img = $6, scenes = $7,
           pages = $8, width = $10, height = $11, updated_at = now(), updated_by = $9
         WHERE id = $1 RETURNING *`,
        [
          id,
          edit.title,
          edit.alt,
          edit.urlType,
          edit.url,
          edit.img,
          edit.scenes.join(','),
          edit.pages.join(','),
          operatorId,
          edit.width,
          edit.height,
        ],
      );
      return row && toAdvert(row);
    },
  };
}
export type AdvertsRepository = ReturnType<typeof advertsRepository>;
