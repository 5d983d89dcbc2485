/** Discover's search: name or id, filters, paging, and bad input answered with its errno. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_STEP, SearchApi, SearchErrno, SearchMessages } from '../../../protocol/discover/search';
import { Errno } from '../../../protocol/errors';
import type { AnchorCard, AnchorListData } from '../../../protocol/types';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startServer();
  member = await server.loginAs('M1001');
});
afterAll(async () => {
  await server?.close();
});

type Fields = Record<string, string | number>;
const search = async (fields: Fields = {}) =>
  (await member.call<AnchorListData>(SearchApi.searchAnchorList, fields)).list;

/** Every page of a search, as load more reads it. */
async function allPages(fields: Fields, step = 5): Promise<AnchorCard[]> {
  const all: AnchorCard[] = [];
  for (let start = 0; ; start += step) {
    const page = await search({ ...fields, start, step });
    all.push(...page);
    if (page.length < step) return all;
  }
}

describe('searchAnchorList', () => {
  it('finds a broadcaster by part of her name or by her id, in any case', async () => {
    const byName = await search({ query: 'olen' });
    expect(byName.map((a) => a.userid)).toContain('A2001');
    expect(byName.every((a) => a.nickname.toLowerCase().includes('olen'))).toBe(true);
    expect((await search({ query: 'a2005' })).map((a) => a.userid)).toEqual(['A2005']);
    expect(await search({ query: 'zzqx' })).toEqual([]);
    // LIKE's wildcards are taken as typed.
    expect(await search({ query: '%' })).toEqual([]);
  });

  it('pages through every listed broadcaster once, live and online first, the suspended never', async () => {
    const all = await allPages({});
    const ids = all.map((a) => a.userid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(63);
    expect(ids).not.toContain('A2064');
    const firstOffline = all.findIndex((a) => a.is_online === 0);
    expect(all.slice(firstOffline).every((a) => a.is_online === 0)).toBe(true);
    expect(all[0]?.is_live).toBe(1);
    expect(await search({ start: 0 })).toHaveLength(SEARCH_STEP);
  });

  it('filters by age range, country, online or live, and new', async () => {
    const ages = await allPages({ age_min: 30, age_max: 35 });
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((a) => a.age >= 30 && a.age <= 35)).toBe(true);
    const everyone = await allPages({});
    expect(ages).toHaveLength(everyone.filter((a) => a.age >= 30 && a.age <= 35).length);

    const ukraine = await allPages({ country: 'ukraine' });
    expect(ukraine.length).toBeGreaterThan(0);
    expect(ukraine.every((a) => a.country === 'Ukraine')).toBe(true);

    const live = await allPages({ status: 1 });
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((a) => a.is_live === 1)).toBe(true);
    const online = await allPages({ status: 2 });
    expect(online.every((a) => a.is_online === 1)).toBe(true);
    expect(online.length).toBe(everyone.filter((a) => a.is_online === 1).length);

    // The seed's newcomers (A2007, A2021, A2030, A2044, A2052, A2058).
    const fresh = (await allPages({ is_new: 1 })).map((a) => a.userid).sort();
    expect(fresh).toEqual(['A2007', 'A2021', 'A2030', 'A2044', 'A2052', 'A2058']);
    // Filters add up: new and online.
    expect((await allPages({ is_new: 1, status: 2 })).map((a) => a.userid).sort()).toEqual([
      'A2007',
      'A2021',
    ]);
  });

  it('answers bad ages with 10730 and other bad input with 10001', async () => {
    const badAges: Fields[] = [{ age_min: 40, age_max: 30 }, { age_min: 17 }, { age_max: 100 }];
    for (const fields of badAges) {
      const answer = await member.form(SearchApi.searchAnchorList, fields);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        errno: SearchErrno.BAD_AGE_RANGE,
        errmsg: SearchMessages.badAgeRange,
      });
    }
    for (const fields of [
      { age_min: 'old' } as Fields,
      { status: 3 },
      { step: 0 },
      { query: 'x'.repeat(41) },
    ]) {
      expect((await member.form(SearchApi.searchAnchorList, fields)).body.errno).toBe(Errno.INVALID_PARAMS);
    }
    // Empty age fields mean any age.
    expect(await search({ age_min: '', age_max: '', step: 3 })).toHaveLength(3);
  });

  it('needs a session', async () => {
    const anonymous = server.client();
    const answer = await anonymous.form(SearchApi.searchAnchorList, {});
    expect(answer.body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });
});

describe('getAnchorCountries', () => {
  it('lists the countries broadcasters come from, once each, in order', async () => {
    const { list } = await member.call<{ list: string[] }>(SearchApi.getAnchorCountries);
    expect(list).toContain('Ukraine');
    expect(list).toEqual([...new Set(list)].sort());
  });
});
