/**
 * The profile's data: getUserInfo {userid} and getInterestList {anchorid}. A nonzero errno on the
 * profile sends the member to Discover (spec 002 §4); no network or a time-out shows in place.
 * Her first screen (name, photo, id, age, country, about) is kept on this device, so a profile
 * he opened reads offline, with when it was saved.
 */
import { redirect } from '@tanstack/react-router';
import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import type { AnchorProfile, InterestListData } from '../../../protocol/types';
import { ApiError, isConnectionError, isSessionErrno } from '../../api/client';
import { keepCopy, readSavedCopy } from '../../app/saved-copy';
import { getAnchorProfile, getInterestList } from '../discover/api';

/** What of her profile reads offline: the first screen. */
export interface SavedProfile {
  userid: string;
  nickname: string;
  photourl: string;
  age: number;
  country: string;
  city?: string;
  introduction: string;
}

export type ProfileData =
  | { profile: AnchorProfile; interests: InterestListData['list']; saved?: undefined }
  /** The network is away: the copy kept when he last opened her profile. */
  | { saved: SavedProfile; savedAt: number; profile?: undefined };

const savedName = (id: string) => `anchor:${id}`;

const firstScreen = (p: AnchorProfile): SavedProfile => ({
  userid: p.userid,
  nickname: p.nickname,
  photourl: p.photourl,
  age: p.age,
  country: p.country,
  city: p.city,
  introduction: p.anchor_info.introduction,
});

export async function anchorProfileLoader(id: string): Promise<ProfileData> {
  try {
    const [profile, interests] = await Promise.all([
      getAnchorProfile(id),
      // Hobbies are a side panel: without them the profile still opens.
      getInterestList(id).then(
        (d) => d.list,
        () => [],
      ),
    ]);
    // An id that names a member answers without anchor_info: not a profile page.
    if (!profile.anchor_info) throw new ApiError(10007, 'not a broadcaster');
    if (profile.anchor_info.account_status !== ACCOUNT_STATUS_SUSPENDED)
      keepCopy(savedName(id), firstScreen(profile));
    return { profile, interests };
  } catch (error) {
    if (isConnectionError(error)) {
      const saved = await readSavedCopy<SavedProfile>(savedName(id));
      if (saved) return { saved: saved.data, savedAt: saved.savedAt };
      throw error;
    }
    if (error instanceof ApiError && isSessionErrno(error.errno)) throw error;
    throw redirect({ to: '/masterlist', replace: true });
  }
}
