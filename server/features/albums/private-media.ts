/**
 * Whether a member may see a broadcaster's private photos and videos: an Intimacy Level of
 * PRIVATE_MEDIA_INTIMACY_LEVEL or above with her. Her public items are open to every member, and a
 * broadcaster always sees her own.
 */

import { PRIVATE_MEDIA_INTIMACY_LEVEL } from '../../../protocol/albums/private-media';
import { intimacyLevel } from '../../../protocol/messages/messages';
import type { StorageRepositories } from '../../storage/contract';
import type { Caller } from '../discover';

export function privateMediaAccess(repos: Pick<StorageRepositories, 'messages'>) {
  return {
    /** True when `viewer` may see `anchorId`'s private items. */
    async canSeePrivate(viewer: Caller, anchorId: string): Promise<boolean> {
      if (viewer.role === 'lady') return viewer.userid === anchorId;
      const level = intimacyLevel(await repos.messages.experience(viewer.userid, anchorId));
      return level >= PRIVATE_MEDIA_INTIMACY_LEVEL;
    },
  };
}
