/**
 * The profile's fields, in the wizard's three groups (basics, about, photo); the wizard shows one
 * group a step, the account page all three. Each group edits a draft; the page saves it.
 */
import { useId, useRef, useState } from 'react';
import { COUNTRIES } from '../../../protocol/account/countries';
import { INTERESTS, type InterestId } from '../../../protocol/discover/interests';
import {
  CITY_MAX,
  FIRSTNAME_MAX,
  INTRODUCTION_MAX,
  INTRODUCTION_MIN,
  LASTNAME_MAX,
  LIVING,
  MARRY,
  type MemberProfileData,
  ProfileText,
} from '../../../protocol/profile/profile';
import { ApiError } from '../../api/client';
import { Avatar } from '../../app/layout/Avatar';
import { type ProfileChanges, uploadMemberPhoto } from './api';

export interface Draft {
  firstname: string;
  lastname: string;
  birthday: string;
  country: string;
  city: string;
  living: number;
  marry: number;
  introduction: string;
  hobbies: InterestId[];
}

export const draftOf = (p: MemberProfileData): Draft => ({
  firstname: p.firstname,
  lastname: p.lastname,
  birthday: p.birthday,
  country: p.country,
  city: p.city,
  living: p.living,
  marry: p.marry,
  introduction: p.introduction,
  hobbies: [...p.hobbies],
});

/** What the save call takes for these fields (hobbies comma-separated, as a form sends them). */
export function changesOf(d: Partial<Draft>): ProfileChanges {
  const { hobbies, ...rest } = d;
  return hobbies ? { ...rest, hobbies: hobbies.join(',') } : rest;
}

interface GroupProps {
  draft: Draft;
  onChange: (next: Draft) => void;
  disabled?: boolean;
}

export function BasicsFields({ draft, onChange, disabled }: GroupProps) {
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  return (
    <fieldset className="profile-group" disabled={disabled}>
      <legend>About you</legend>
      <div className="profile-row">
        <label htmlFor={`${id}-first`}>First name</label>
        <input
          id={`${id}-first`}
          autoComplete="given-name"
          maxLength={FIRSTNAME_MAX}
          value={draft.firstname}
          onChange={(e) => set('firstname', e.currentTarget.value)}
        />
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-last`}>Last name</label>
        <input
          id={`${id}-last`}
          autoComplete="family-name"
          maxLength={LASTNAME_MAX}
          value={draft.lastname}
          onChange={(e) => set('lastname', e.currentTarget.value)}
        />
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-birthday`}>Date of birth</label>
        <input
          id={`${id}-birthday`}
          type="date"
          autoComplete="bday"
          value={draft.birthday}
          onChange={(e) => set('birthday', e.currentTarget.value)}
        />
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-country`}>Country</label>
        <select
          id={`${id}-country`}
          value={draft.country}
          onChange={(e) => set('country', e.currentTarget.value)}
        >
          <option value="">Choose your country</option>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-city`}>City</label>
        <input
          id={`${id}-city`}
          autoComplete="address-level2"
          maxLength={CITY_MAX}
          value={draft.city}
          onChange={(e) => set('city', e.currentTarget.value)}
        />
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-living`}>Living</label>
        <select
          id={`${id}-living`}
          value={draft.living}
          onChange={(e) => set('living', Number(e.currentTarget.value))}
        >
          <option value={0}>Choose</option>
          {LIVING.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <div className="profile-row">
        <label htmlFor={`${id}-marry`}>Marital status</label>
        <select
          id={`${id}-marry`}
          value={draft.marry}
          onChange={(e) => set('marry', Number(e.currentTarget.value))}
        >
          <option value={0}>Choose</option>
          {MARRY.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

export function AboutFields({ draft, onChange, disabled }: GroupProps) {
  const id = useId();
  const left = INTRODUCTION_MAX - draft.introduction.length;
  const toggle = (hobby: InterestId, on: boolean) =>
    onChange({
      ...draft,
      hobbies: on ? [...draft.hobbies, hobby] : draft.hobbies.filter((h) => h !== hobby),
    });
  return (
    <fieldset className="profile-group" disabled={disabled}>
      <legend>Introduce yourself</legend>
      <div className="profile-row profile-row-wide">
        <label htmlFor={`${id}-intro`}>A short introduction</label>
        <textarea
          id={`${id}-intro`}
          rows={4}
          maxLength={INTRODUCTION_MAX}
          value={draft.introduction}
          placeholder="What you enjoy, what you are looking for…"
          aria-describedby={`${id}-intro-hint`}
          onChange={(e) => onChange({ ...draft, introduction: e.currentTarget.value })}
        />
        <span id={`${id}-intro-hint`} className="profile-hint">
          {draft.introduction.trim().length < INTRODUCTION_MIN
            ? `At least ${INTRODUCTION_MIN} characters. `
            : ''}
          {left} characters left
        </span>
      </div>
      <fieldset className="profile-hobbies">
        <legend>Hobbies</legend>
        {INTERESTS.map((i) => (
          <label key={i.id} className="profile-hobby">
            <input
              type="checkbox"
              checked={draft.hobbies.includes(i.id)}
              onChange={(e) => toggle(i.id, e.currentTarget.checked)}
            />
            <span>{i.name}</span>
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

/** His photo: a picture file, checked and resized by the server; the new one shows at once. */
export function PhotoField({
  profile,
  onUploaded,
}: {
  profile: MemberProfileData;
  onUploaded: (p: MemberProfileData) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [uploaded, setUploaded] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setUploaded(false);
    setProgress(0);
    try {
      onUploaded(await uploadMemberPhoto(file, setProgress));
      setUploaded(true);
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : 'Upload failed');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <fieldset className="profile-group">
      <legend>Your photo</legend>
      <div className="profile-photo">
        <Avatar src={profile.photourl} name={profile.nickname} size={96} />
        <div className="profile-photo-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={progress !== null}
            onClick={() => input.current?.click()}
            data-testid="profile-photo-choose"
          >
            {progress !== null
              ? `Uploading… ${Math.round(progress * 100)}%`
              : profile.photourl
                ? 'Change photo'
                : 'Upload a photo'}
          </button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            hidden
            data-testid="profile-photo-input"
            onChange={(e) => void choose(e.currentTarget.files?.[0])}
          />
          <span className="profile-hint">
            JPG, PNG, GIF or WebP, under 5 MB. We remove its location data.
          </span>
          {uploaded && (
            <span className="profile-hint" role="status">
              {ProfileText.photoSaved}
            </span>
          )}
          {error && (
            <p className="profile-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
