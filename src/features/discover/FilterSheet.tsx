/**
 * Discover's filters in a dialog (a chunk of its own, loaded when first opened): age range,
 * country, online or live, new. Nothing applies until Show results; Clear filters empties the form.
 */
import { useId, useState } from 'react';
import {
  NEW_ANCHOR_DAYS,
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_STATUS,
  type SearchStatus,
} from '../../../protocol/discover/search';
import { useRequest } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { getAnchorCountries } from './api';
import { ageError } from './search-body';
import type { DiscoverSearch } from './search-filters';

const loadCountries = () => getAnchorCountries();

const STATUSES: [SearchStatus, string][] = [
  [SEARCH_STATUS.any, 'Anyone'],
  [SEARCH_STATUS.online, 'Online now'],
  [SEARCH_STATUS.live, 'Live now'],
];

export function FilterSheet({
  search,
  onApply,
  onClose,
}: {
  search: DiscoverSearch;
  onApply: (next: DiscoverSearch) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [ageMin, setAgeMin] = useState(search.age_min?.toString() ?? '');
  const [ageMax, setAgeMax] = useState(search.age_max?.toString() ?? '');
  const [country, setCountry] = useState(search.country ?? '');
  const [status, setStatus] = useState<SearchStatus>(search.status ?? SEARCH_STATUS.any);
  const [isNew, setIsNew] = useState(search.new === 1);
  const [countries] = useRequest(loadCountries, 'countries');
  const [tried, setTried] = useState(false);
  const error = ageError(ageMin, ageMax);
  const showError = tried && error !== '';

  const clear = () => {
    setAgeMin('');
    setAgeMax('');
    setCountry('');
    setStatus(SEARCH_STATUS.any);
    setIsNew(false);
    setTried(false);
  };

  const apply = () => {
    setTried(true);
    if (error) return;
    const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
    onApply({
      q: search.q,
      age_min: num(ageMin),
      age_max: num(ageMax),
      country: country || undefined,
      status: status || undefined,
      new: isNew ? 1 : undefined,
    });
  };

  const options = countries.status === 'ready' ? countries.data.list : country ? [country] : [];

  return (
    <Modal
      title="Filters"
      testId="filter-sheet"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={clear} data-testid="filters-clear">
            Clear filters
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" data-testid="filters-apply">
            Show results
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="filter-sheet"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <fieldset aria-describedby={showError ? `${id}-age-error` : undefined}>
          <legend>Age</legend>
          <div className="filter-ages">
            <div className="field">
              <label htmlFor={`${id}-min`}>From</label>
              <input
                id={`${id}-min`}
                type="number"
                inputMode="numeric"
                min={SEARCH_AGE_MIN}
                max={SEARCH_AGE_MAX}
                placeholder={String(SEARCH_AGE_MIN)}
                value={ageMin}
                aria-invalid={showError || undefined}
                onChange={(event) => setAgeMin(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-max`}>To</label>
              <input
                id={`${id}-max`}
                type="number"
                inputMode="numeric"
                min={SEARCH_AGE_MIN}
                max={SEARCH_AGE_MAX}
                placeholder={String(SEARCH_AGE_MAX)}
                value={ageMax}
                aria-invalid={showError || undefined}
                onChange={(event) => setAgeMax(event.target.value)}
              />
            </div>
          </div>
          {showError && (
            <p id={`${id}-age-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-country`}>Country</label>
          <select id={`${id}-country`} value={country} onChange={(event) => setCountry(event.target.value)}>
            <option value="">
              {countries.status === 'loading' ? 'Any country (loading…)' : 'Any country'}
            </option>
            {options.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Who</legend>
          <div className="filter-status">
            {STATUSES.map(([value, label]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name={`${id}-status`}
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="check">
          <input type="checkbox" checked={isNew} onChange={(event) => setIsNew(event.target.checked)} />
          New broadcasters (joined in the last {NEW_ANCHOR_DAYS} days)
        </label>
      </form>
    </Modal>
  );
}
