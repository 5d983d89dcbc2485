/**
 * Discover's search (protocol/discover/search.ts): name or id, age range, country, online or live,
 * new. One query over anchors and users; the cards go through AnchorService like every list, so
 * whatever hides a broadcaster from a member's lists hides her here too.
 */
import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import {
  NEW_ANCHOR_DAYS,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_STATUS,
  SearchErrno,
  SearchMessages,
} from '../../../protocol/discover/search';
import type { SearchAnchorListBody } from '../../../protocol/discover/search-schemas';
import type { AnchorCard } from '../../../protocol/types';
import type { Caller } from '../../core/caller';
import { ApiError } from '../../core/errors';
import { isoDate } from '../../storage/birthday';
import type { Db } from '../../storage/contract';
import type { AnchorService } from './anchors';
import { type AnchorRow, anchorFromRow, SELECT_ANCHORS } from './anchors-repository';

const DAY_MS = 24 * 3600 * 1000;

/** `value` for LIKE with its wildcards taken literally. */
const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The day `years` before `now` (UTC); Feb 29 becomes Feb 28 in a year without one. */
function yearsBefore(now: Date, years: number): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  if (day.getUTCDate() !== now.getUTCDate()) day.setUTCDate(0);
  return day;
}

/** The ages asked for, checked: both within 18-99 and the lower first, or 10730. */
export function ageRange(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  const bad = (a: number | undefined) => a !== undefined && (a < SEARCH_AGE_MIN || a > SEARCH_AGE_MAX);
  if (bad(min) || bad(max) || (min !== undefined && max !== undefined && min > max)) {
    throw new ApiError(SearchErrno.BAD_AGE_RANGE, SearchMessages.badAgeRange);
  }
  return { min, max };
}

export class AnchorSearch {
  constructor(
    private readonly db: Db,
    private readonly anchors: AnchorService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async search(caller: Caller, body: SearchAnchorListBody): Promise<AnchorCard[]> {
    const ages = ageRange(body.age_min, body.age_max);
    const now = this.now();
    const where: string[] = ['a.account_status <> $1'];
    const params: unknown[] = [ACCOUNT_STATUS_SUSPENDED];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (body.query) {
      const q = body.query.toLowerCase();
      where.push(
        `(lower(u.nickname) LIKE ${param(`%${likeEscaped(q)}%`)} ESCAPE '\\' OR lower(a.userid) = ${param(q)})`,
      );
    }
    // Age a whole years today <=> born on or before the day `a` years ago.
    if (ages.min !== undefined)
      where.push(`a.birthday <= ${param(isoDate(yearsBefore(now, ages.min)))}::date`);
    if (ages.max !== undefined)
      where.push(`a.birthday > ${param(isoDate(yearsBefore(now, ages.max + 1)))}::date`);
    // The broadcasters he blocks are left out in the query, so every page stays full.
    const hidden = await this.anchors.hiddenOf(caller);
    if (hidden.size > 0) where.push(`a.userid <> ALL(${param([...hidden])}::text[])`);
    if (body.country) where.push(`lower(a.country) = ${param(body.country.toLowerCase())}`);
    if (body.status === SEARCH_STATUS.live) where.push(`a.state = 'live'`);
    if (body.status === SEARCH_STATUS.online) where.push(`a.state <> 'offline'`);
    if (body.is_new === 1)
      where.push(`u.created_at > ${param(new Date(now.getTime() - NEW_ANCHOR_DAYS * DAY_MS))}`);
    const rows = await this.db.query<AnchorRow>(
      `${SELECT_ANCHORS} WHERE ${where.join(' AND ')}
       ORDER BY (a.state = 'live') DESC, (a.state = 'offline'), a.hot_score DESC, a.userid
       OFFSET ${param(body.start)} LIMIT ${param(body.step)}`,
      params,
    );
    return this.anchors.cardsFor(
      caller,
      rows.map((row) => anchorFromRow(row, now)),
    );
  }

  /** The countries of the broadcasters members can find, alphabetical. */
  async countries(): Promise<string[]> {
    const rows = await this.db.query<{ country: string }>(
      `SELECT DISTINCT country FROM anchors WHERE account_status <> $1 AND country <> '' ORDER BY country`,
      [ACCOUNT_STATUS_SUSPENDED],
    );
    return rows.map((r) => r.country);
  }
}
