import { describe, expect, it } from 'vitest';
import { SearchMessages } from '../../../protocol/discover/search';
import { ageError, searchBody } from './search-body';
import { discoverSearch, filterCount, isSearching } from './search-filters';

describe('Discover search in the address', () => {
  it('keeps valid values and drops the rest', () => {
    expect(
      discoverSearch({
        q: '  Olena ',
        age_min: '25',
        age_max: 40,
        country: 'Ukraine',
        status: '2',
        new: '1',
      }),
    ).toEqual({ q: 'Olena', age_min: 25, age_max: 40, country: 'Ukraine', status: 2, new: 1 });
    expect(discoverSearch({ q: ' ', age_min: '12', age_max: 'x', status: '7', new: '0' })).toEqual({});
    // An upside-down range is dropped whole.
    expect(discoverSearch({ age_min: 50, age_max: 30 })).toEqual({});
  });

  it('counts filters apart from the words, and searches when either is set', () => {
    expect(filterCount({ q: 'a' })).toBe(0);
    expect(isSearching({ q: 'a' })).toBe(true);
    expect(isSearching({})).toBe(false);
    expect(filterCount({ age_min: 20, age_max: 30, status: 2, new: 1 })).toBe(3);
  });

  it('builds the call body with "any" for what is not set', () => {
    expect(searchBody({ status: 1 }, 12, 12)).toEqual({
      query: '',
      country: '',
      status: 1,
      is_new: 0,
      start: 12,
      step: 12,
    });
  });

  it('says what is wrong with typed ages', () => {
    expect(ageError('', '')).toBe('');
    expect(ageError('25', '30')).toBe('');
    expect(ageError('30', '25')).toBe(SearchMessages.badAgeRange);
    expect(ageError('17', '')).toBe(SearchMessages.badAgeRange);
    expect(ageError('', '25.5')).toBe(SearchMessages.badAgeRange);
  });
});
