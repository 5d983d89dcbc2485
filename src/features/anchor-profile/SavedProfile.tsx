/**
 * A broadcaster profile read offline: the first screen as he last saw it (name, photo, id, age,
 * country, about) with when it was saved. Back online, the full profile loads by itself.
 */
import { useRouter } from '@tanstack/react-router';
import { SavedNote } from '../../app/layout/SavedNote';
import type { SavedProfile } from './load';

export function SavedProfileView({ profile, savedAt }: { profile: SavedProfile; savedAt: number }) {
  const router = useRouter();
  return (
    <div className="page profile" data-testid="saved-profile">
      <SavedNote savedAt={savedAt} onRefresh={() => void router.invalidate()} />
      <div className="profile-layout">
        <aside className="profile-left card" aria-labelledby="profile-name">
          <div className="profile-avatar-wrap">
            <img
              className="profile-avatar"
              src={profile.photourl}
              alt={profile.nickname}
              width={132}
              height={132}
            />
          </div>
          <h1 id="profile-name" className="profile-name">
            {profile.nickname}
          </h1>
          <p className="profile-facts">
            <span>{profile.age}</span> · <span>{profile.country}</span>
            {profile.city && <span className="profile-city"> · {profile.city}</span>}
          </p>
          <p className="profile-id">ID: {profile.userid}</p>
          {profile.introduction && (
            <section className="profile-intro" aria-labelledby="intro-title">
              <h2 id="intro-title">About me</h2>
              <p>{profile.introduction}</p>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
