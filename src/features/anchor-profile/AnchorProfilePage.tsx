/** /anchor/:id: the broadcaster profile. */
import { Link, useLoaderData } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import {
  ACCOUNT_STATUS_SUSPENDED,
  ANCHOR_TYPE_HONOURABLE,
  ROOM_TYPE_PREMIUM,
} from '../../../protocol/constants';
import { Messages } from '../../../protocol/errors';
import type { AnchorProfile, MemberPriv } from '../../../protocol/types';
import { CakeIcon, CrownIcon, WaveIcon } from '../../app/layout/icons';
import { NearViewport } from '../../app/layout/NearViewport';
import { setPageMeta } from '../../app/layout/RouteMeta';
import { memberPrivOf, userState } from '../../state/user';
import { BookOneOnOneButton } from '../booking/BookButton';
import { ProfileCallActions } from '../call-service/ProfileCallActions';
import { LockedAction } from '../discover/LockedAction';
import { PremiumPrice } from '../discover/PremiumPrice';
import { HangoutButton, InviteOneOnOneButton, RequestMessages } from '../requests/ProfileRequests';
import { AnchorCalendar } from '../shows/AnchorCalendar';
import { VoucherNote } from '../vouchers/VoucherNote';
import { birthdayBanner } from './birthday';
import { profileCover } from './cover';
import { FollowToggle } from './FollowToggle';
import type { ProfileData } from './load';
import { SavedProfileView } from './SavedProfile';

type LoadedProfile = Extract<ProfileData, { interests: unknown }>;

import { ACTION_LABELS, type ProfileAction, profileButtons } from './profile-actions';

type LinkAction = Exclude<ProfileAction, 'invite-one-on-one' | 'hang-out'>;

import './anchor-profile.css';
import { afterPaint } from '../../app/after-paint';
import { lazyWhenOnline } from '../../app/lazy-online';

// Below her first screen: their code (and the media viewer they share) loads as they are scrolled near.
const ProfileShots = lazyWhenOnline(() =>
  import('../shots/ProfileShots').then((m) => ({ default: m.ProfileShots })),
);
const ProfilePremiumVideos = lazyWhenOnline(() =>
  import('../premium-videos/ProfilePremiumVideos').then((m) => ({ default: m.ProfilePremiumVideos })),
);
const AnchorAlbums = lazyWhenOnline(() =>
  import('../albums/AnchorAlbums').then((m) => ({ default: m.AnchorAlbums })),
);

// Below her first screen: its sections load in their own chunk once the profile has painted.
// His level with her: its own request, after the profile has painted.
const ProfileIntimacy = afterPaint(() => import('./ProfileIntimacy').then((m) => m.ProfileIntimacy));
const AroundHer = afterPaint(() => import('./around/AroundHer').then((m) => m.AroundHer));
// Block and Report (src/features/safety), with the notice while he blocks her.
const SafetyMenu = afterPaint(() => import('../safety/SafetyMenu').then((m) => m.SafetyMenu));
// Her holiday or birthday discount, or flowers for her: a pop-up, after paint.
const OfferPop = afterPaint(() => import('../offers/OfferPop').then((m) => m.OfferPop));

export { anchorProfileLoader } from './load';

/**
 * Where each link action leads until its feature arrives: the spec's own addresses. Invite
 * One-on-One and Hang-out are requests sent from the profile (see ../requests).
 */
function actionTarget(action: LinkAction, id: string): { to: string; search: Record<string, string> } {
  switch (action) {
    case 'chat-now':
      return { to: '/livechat', search: { anchorid: id } };
    case 'watch-now':
      return { to: '/live', search: { anchorid: id, type: 'public' } };
    case 'book-one-on-one':
      return { to: '/schedulerequest', search: { anchorid: id } };
    case 'send-mail':
      return { to: '/compose', search: { anchorid: id } };
  }
}

export function AnchorProfilePage() {
  const data = useLoaderData({ strict: false }) as ProfileData;
  const { me } = useSnapshot(userState);
  const shown = data.profile ?? data.saved;

  useEffect(() => {
    if (data.profile?.anchor_info.account_status !== ACCOUNT_STATUS_SUSPENDED)
      setPageMeta(shown.nickname, `${shown.nickname}, ${shown.age}, ${shown.country} on Glimmer.`);
  }, [data, shown]);

  if (!data.profile) return <SavedProfileView profile={data.saved} savedAt={data.savedAt} />;
  const { profile, interests } = data;
  if (profile.anchor_info.account_status === ACCOUNT_STATUS_SUSPENDED) return <ProfileGone />;
  return <Profile profile={profile} interests={interests} priv={memberPrivOf(me)} />;
}

function ProfileGone() {
  return (
    <div className="page">
      <section className="profile-gone card" data-testid="profile-gone">
        <h1 className="page-title">Profile unavailable</h1>
        <p>{Messages.profileGone}</p>
        <Link to="/home" className="btn btn-primary">
          Back to Home
        </Link>
      </section>
    </div>
  );
}

/** Online or offline; a broadcaster live in her public room is online (the Live badge sits on her photo). */
function Presence({ state }: { state: 'live' | 'online' | 'offline' }) {
  if (state === 'live' || state === 'online')
    return <span className="badge badge-dot badge-online">Online</span>;
  return <span className="badge badge-dot badge-offline">Offline</span>;
}

function Profile({
  profile,
  interests,
  priv,
}: {
  profile: AnchorProfile;
  interests: LoadedProfile['interests'];
  priv: MemberPriv;
}) {
  const id = profile.userid;
  const buttons = profileButtons(profile, priv);
  const premium = buttons.liveBadge && profile.room_type === ROOM_TYPE_PREMIUM;
  const honourable =
    profile.anchor_info.anchor_type === ANCHOR_TYPE_HONOURABLE ||
    profile.anchor_type === ANCHOR_TYPE_HONOURABLE;
  const birthday = birthdayBanner(profile.birthday_tip, profile.nickname, profile.anchor_birthday);
  const cover = profileCover(profile);
  const isMember = useSnapshot(userState).me?.role === 'man';

  return (
    <div className={`page profile${honourable ? ' profile-honour' : ''}`}>
      <div className="profile-cover" style={{ backgroundImage: `url("${cover}")` }} aria-hidden="true" />
      <div className="profile-layout">
        <aside className="profile-left card" aria-labelledby="profile-name">
          <div className="profile-avatar-wrap">
            <img
              className="profile-avatar"
              src={profile.photourl}
              alt={profile.nickname}
              width={132}
              height={132}
              fetchPriority="high"
            />
            {buttons.liveBadge && (
              <span className="badge badge-live profile-live" data-testid="live-badge">
                {premium ? 'Live · Premium' : 'Live'}
              </span>
            )}
          </div>
          <h1 id="profile-name" className="profile-name">
            {profile.nickname}
          </h1>
          <div className="profile-badges">
            <Presence state={buttons.state} />
            {honourable && (
              <span className="badge badge-honour" data-testid="honourable-badge">
                <CrownIcon /> Honourable
              </span>
            )}
          </div>
          <p className="profile-facts">
            <span>{profile.age}</span> · <span>{profile.country}</span>
            {profile.city && <span className="profile-city"> · {profile.city}</span>}
          </p>
          <p className="profile-id">ID: {id}</p>
          {premium && <PremiumPrice />}

          <div className="profile-social">
            <FollowToggle anchorId={id} initial={profile.is_follow} />
            <Link
              to="/sayhisendindex"
              search={{ anchorid: id }}
              className="btn btn-ghost"
              data-testid="action-say-hi"
            >
              <WaveIcon /> Say Hi
            </Link>
            {isMember && (
              <Link
                to="/continueshopping"
                search={{ id }}
                className="btn btn-ghost"
                data-testid="action-flowers"
              >
                Send flowers
              </Link>
            )}
          </div>

          {/* Its place is kept while it loads after paint, so nothing below moves when it comes. */}
          {isMember && (
            <div className="profile-safety">
              <SafetyMenu anchorId={id} nickname={profile.nickname} notice />
            </div>
          )}

          {birthday && (
            <div className="birthday-banner" data-testid="birthday-banner">
              <CakeIcon />
              <div>
                <strong>{birthday.title}</strong>
                <span>{birthday.detail}</span>
              </div>
              <Link to="/continueshopping" search={{ id }} className="btn btn-small birthday-button">
                Send a Birthday Gift
              </Link>
            </div>
          )}

          {isMember && buttons.locked.map((action) => <LockedAction key={action} action={action} />)}
          <div className="profile-actions">
            {buttons.actions.map((action, i) => {
              const className = i === 0 ? 'btn btn-primary btn-block' : 'btn btn-secondary btn-block';
              if (action === 'invite-one-on-one' || action === 'hang-out') {
                const Button = action === 'hang-out' ? HangoutButton : InviteOneOnOneButton;
                return (
                  <Button
                    key={action}
                    anchorId={id}
                    nickname={profile.nickname}
                    label={ACTION_LABELS[action]}
                    className={className}
                  />
                );
              }
              if (action === 'book-one-on-one') {
                return (
                  <BookOneOnOneButton
                    key={action}
                    anchorId={id}
                    nickname={profile.nickname}
                    className={className}
                  />
                );
              }
              const target = actionTarget(action, id);
              return (
                <Link
                  key={action}
                  to={target.to}
                  search={target.search}
                  className={className}
                  data-testid={`action-${action}`}
                >
                  {ACTION_LABELS[action]}
                </Link>
              );
            })}
            {/* A future One-on-One can be booked whatever her state now (offline shows it above). */}
            {buttons.state !== 'offline' && profile.anchor_info.priv.booking === 1 && priv.oneonone === 1 && (
              <BookOneOnOneButton
                anchorId={id}
                nickname={profile.nickname}
                className="btn btn-secondary btn-block"
                testId="book-one-on-one"
              />
            )}
            {isMember && priv.call === 1 && (
              <ProfileCallActions anchorId={id} nickname={profile.nickname} priv={profile.anchor_info.priv} />
            )}
          </div>
          <RequestMessages anchorId={id} nickname={profile.nickname} />
          {isMember && <VoucherNote profile={profile} />}
          {isMember && <ProfileIntimacy anchorId={id} nickname={profile.nickname} />}
          {isMember && <OfferPop anchorId={id} nickname={profile.nickname} variant="anchor" />}

          {profile.anchor_info.introduction && (
            <section className="profile-intro" aria-labelledby="intro-title">
              <h2 id="intro-title">About me</h2>
              <p>{profile.anchor_info.introduction}</p>
            </section>
          )}
        </aside>

        <div className="profile-centre">
          {/* Her shots (posts): the profile's shot section. */}
          <NearViewport minHeight={360} testId="shots-near">
            <ProfileShots anchorId={id} nickname={profile.nickname} />
          </NearViewport>
          <section className="card profile-panel" aria-labelledby="hobbies-title">
            <h2 id="hobbies-title">My Hobbies</h2>
            {interests.length === 0 ? (
              <p className="muted">No hobbies listed yet.</p>
            ) : (
              <ul className="hobbies" data-testid="hobbies">
                {interests.map((h) => (
                  <li key={h.id}>{h.name}</li>
                ))}
              </ul>
            )}
          </section>

          {priv.public === 1 && <AnchorCalendar anchorId={id} nickname={profile.nickname} />}

          {/* Her premium videos and albums: below the first screen, they load as they are scrolled near. */}
          <NearViewport minHeight={420} testId="premium-videos-near">
            <ProfilePremiumVideos anchorId={id} nickname={profile.nickname} />
          </NearViewport>
          <NearViewport minHeight={560} testId="albums-near">
            <AnchorAlbums anchorId={id} nickname={profile.nickname} />
          </NearViewport>

          {/* Around her: My Friends, similar online broadcasters, featured broadcasters, the banner, the recommended carousel. */}
          <AroundHer key={id} anchorId={id} />
        </div>
      </div>
    </div>
  );
}

export type { AnchorProfile };
