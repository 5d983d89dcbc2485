/**
 * The account page (spec 002 §4: Edit profile once the wizard is done): every profile field on one
 * page with one Save, his photo, his completeness, and where he stands on email and phone.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type MemberProfileData, ProfileText } from '../../../protocol/profile/profile';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { showToast } from '../../state/ui';
import { saveMemberProfile } from './api';
import { CompletenessBar } from './Completeness';
import { AboutFields, BasicsFields, changesOf, type Draft, draftOf, PhotoField } from './ProfileFields';
import { birthdayProblem } from './ProfileWizard';
import { ProfilePages } from './paths';
import { errorText, useProfile } from './use-profile';
import './profile.css';

export function AccountPage() {
  const { state, reload, set } = useProfile();
  return (
    <div className="page">
      <section
        className="card profile-card"
        aria-labelledby="account-title"
        aria-busy={state.kind === 'loading'}
      >
        <h1 id="account-title" className="page-title">
          My profile
        </h1>
        {state.kind === 'loading' && <p role="status">Loading your profile…</p>}
        {state.kind === 'error' && <ErrorRetry message={state.message} onRetry={() => void reload()} />}
        {state.kind === 'ready' && <AccountForm profile={state.profile} onProfile={set} />}
      </section>
    </div>
  );
}

function AccountForm({
  profile,
  onProfile,
}: {
  profile: MemberProfileData;
  onProfile: (p: MemberProfileData) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const save = async () => {
    const problem = birthdayProblem(draft.birthday);
    if (problem) return setError(problem);
    setError('');
    setSaving(true);
    try {
      onProfile(await saveMemberProfile(changesOf(draft)));
      showToast(ProfileText.saved, 'info');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <CompletenessBar value={profile.man_profile_val} />
      <ul className="account-facts">
        <li>
          <span>ID</span> <strong>{profile.userid}</strong>
        </li>
        <li>
          <span>Login email</span>{' '}
          {profile.email_verified === 'Y' ? (
            <strong className="verified">{profile.email || 'Verified'} ✓</strong>
          ) : (
            <Link to={ProfilePages.verifyEmail}>Verify login email</Link>
          )}
        </li>
        <li>
          <span>Mobile number</span>{' '}
          {profile.qpid_seal.v_phone ? (
            <strong className="verified">Verified ✓</strong>
          ) : (
            <Link to={ProfilePages.verifyPhone}>Verify mobile number</Link>
          )}
        </li>
      </ul>
      <PhotoField profile={profile} onUploaded={onProfile} />
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <BasicsFields draft={draft} onChange={setDraft} disabled={saving} />
        <AboutFields draft={draft} onChange={setDraft} disabled={saving} />
        {error && (
          <p className="profile-error" role="alert" data-testid="profile-error">
            {error}
          </p>
        )}
        <div className="profile-actions">
          <Link to="/mysetting/options" className="btn btn-ghost">
            Settings
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="account-save">
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </>
  );
}
