/**
 * The profile's data: getUserInfo {userid} and getInterestList {anchorid}. A nonzero errno on the
 * profile sends the member to Discover (spec 002 §4); no network or a time-out shows in place.
 */
import { redirect } from '@tanstack/react-router';
import type { AnchorProfile, InterestListData } from '../../../protocol/types';
import { ApiError, isConnectionError, isSessionErrno } from '../../api/client';
import { getAnchorProfile, getInterestList } from '../discover/api';

export interface ProfileData {
  profile: AnchorProfile;
  interests: InterestListData['list'];
}

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
    return { profile, interests };
  } catch (error) {
    if (isConnectionError(error) || (error instanceof ApiError && isSessionErrno(error.errno))) throw error;
    throw redirect({ to: '/masterlist', replace: true });
  }
}
