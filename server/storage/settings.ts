import type { Db, Repositories } from './contract';

export function settingsRepository(db: Db): Repositories['settings'] {
  const get = async (key: string) => {
    const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
    return row?.value;
  };
  return {
    get,
    /** Race-safe across processes: the first insert wins and every caller reads the stored value. */
    async getOrCreate(key, make) {
      const existing = await get(key);
      if (existing !== undefined) return existing;
      await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        key,
        make(),
      ]);
      const stored = await get(key);
      if (stored === undefined) throw new Error(`settings: ${key} vanished after insert`);
      return stored;
    },
  };
}
