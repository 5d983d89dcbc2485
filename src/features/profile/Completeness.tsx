/** Profile Completeness as a bar with its percent (man_profile_val), and what would raise it most. */
import {
  type MemberProfileData,
  missingFields,
  PROFILE_WEIGHTS,
  type ProfileFields,
  ProfileText,
} from '../../../protocol/profile/profile';

const FIELD_NAMES: Record<keyof ProfileFields, string> = {
  photourl: 'A photo',
  introduction: 'A short introduction',
  firstname: 'Your first name',
  birthday: 'Your date of birth',
  marry: 'Your marital status',
  hobbies: 'Your hobbies',
  lastname: 'Your last name',
  country: 'Your country',
  city: 'Your city',
  living: 'Whom you live with',
};

export function CompletenessBar({ value }: { value: number }) {
  return (
    <div className="completeness">
      <div className="completeness-head">
        <span>{ProfileText.completeTitle}</span>
        <strong data-testid="profile-completeness">{value}%</strong>
      </div>
      <div
        className="completeness-bar"
        role="progressbar"
        aria-label={ProfileText.completeTitle}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The fields still missing, heaviest first, each with what it adds. */
export function MissingList({ profile }: { profile: MemberProfileData }) {
  const missing = missingFields(profile);
  if (missing.length === 0) return <p className="profile-hint">Your profile is complete. Thank you!</p>;
  return (
    <ul className="completeness-missing">
      {missing.map((key) => (
        <li key={key}>
          <span>{FIELD_NAMES[key]}</span>
          <span className="profile-hint">+{PROFILE_WEIGHTS[key]}%</span>
        </li>
      ))}
    </ul>
  );
}
