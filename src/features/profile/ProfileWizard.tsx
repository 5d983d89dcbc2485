/**
 * The fill wizard (spec 002 §4: Edit profile while step is below 3): basics, about, photo. Each
 * Next saves its step, so he can leave halfway and come back where he was; the completeness bar
 * rises as he goes. The last step ends on the account page.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  birthdayErrno,
  type MemberProfileData,
  PROFILE_STEP_DONE,
  PROFILE_STEPS,
  ProfileErrno,
  ProfileText,
} from '../../../protocol/profile/profile';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { saveMemberProfile } from './api';
import { CompletenessBar } from './Completeness';
import { AboutFields, BasicsFields, changesOf, type Draft, draftOf, PhotoField } from './ProfileFields';
import { ProfilePages } from './paths';
import { errorText, useProfile } from './use-profile';
import './profile.css';

const TITLES = ['Basics', 'About you', 'Photo'] as const;

/** The birthday's own text, before the server is asked. */
export function birthdayProblem(birthday: string): string {
  const errno = birthdayErrno(birthday, new Date());
  if (errno === ProfileErrno.UNDER_AGE) return ProfileText.underAge;
  return errno ? ProfileText.badBirthday : '';
}

export function ProfileWizard() {
  const { state, reload, set } = useProfile();
  if (state.kind === 'loading') return <WizardShell busy />;
  if (state.kind === 'error')
    return (
      <WizardShell>
        <ErrorRetry message={state.message} onRetry={() => void reload()} />
      </WizardShell>
    );
  return <Wizard profile={state.profile} onProfile={set} />;
}

function WizardShell({ children, busy }: { children?: React.ReactNode; busy?: boolean }) {
  return (
    <div className="page">
      <section className="card profile-card" aria-busy={busy} aria-labelledby="wizard-title">
        <h1 id="wizard-title" className="page-title">
          Complete your profile
        </h1>
        {busy ? <p role="status">Loading your profile…</p> : children}
      </section>
    </div>
  );
}

function Wizard({
  profile,
  onProfile,
}: {
  profile: MemberProfileData;
  onProfile: (p: MemberProfileData) => void;
}) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(Math.min(profile.step, PROFILE_STEPS.length - 1));
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const heading = `wizard-step-${index}`;

  useEffect(() => {
    document.getElementById(heading)?.focus();
  }, [heading]);

  const save = async (changes: Partial<Draft>, step: number) => {
    setError('');
    setSaving(true);
    try {
      const saved = await saveMemberProfile({ ...changesOf(changes), step });
      onProfile(saved);
      if (step >= PROFILE_STEP_DONE) void navigate({ to: ProfilePages.account });
      else setIndex(step);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const next = () => {
    if (index === 0) {
      const problem = birthdayProblem(draft.birthday);
      if (problem) return setError(problem);
      const { firstname, lastname, birthday, country, city, living, marry } = draft;
      return void save({ firstname, lastname, birthday, country, city, living, marry }, 1);
    }
    if (index === 1) return void save({ introduction: draft.introduction, hobbies: draft.hobbies }, 2);
    return void save({}, PROFILE_STEP_DONE);
  };

  return (
    <div className="page">
      <section className="card profile-card" aria-labelledby="wizard-title" data-testid="profile-wizard">
        <h1 id="wizard-title" className="page-title">
          Complete your profile
        </h1>
        <CompletenessBar value={profile.man_profile_val} />
        <ol className="wizard-steps" aria-label="Steps">
          {TITLES.map((title, i) => (
            <li
              key={title}
              className={i === index ? 'current' : i < index ? 'done' : ''}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className="wizard-step-no">{i + 1}</span> {title}
            </li>
          ))}
        </ol>
        <form
          className="profile-form"
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <h2 id={heading} tabIndex={-1} className="wizard-step-title">
            Step {index + 1} of {TITLES.length}: {TITLES[index]}
          </h2>
          {index === 0 && <BasicsFields draft={draft} onChange={setDraft} disabled={saving} />}
          {index === 1 && <AboutFields draft={draft} onChange={setDraft} disabled={saving} />}
          {index === 2 && <PhotoField profile={profile} onUploaded={onProfile} />}
          {error && (
            <p className="profile-error" role="alert" data-testid="profile-error">
              {error}
            </p>
          )}
          <div className="profile-actions">
            {index > 0 && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={saving}
                onClick={() => setIndex(index - 1)}
              >
                Back
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={saving} data-testid="wizard-next">
              {saving ? 'Saving…' : index === 2 ? (profile.photourl ? 'Finish' : 'Skip and finish') : 'Next'}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
