import type { AnchorProfile } from '../../../protocol/types';

/** The picture across the top of her profile: her cover, else her room's photo, else her portrait. */
export const profileCover = (profile: AnchorProfile): string =>
  profile.anchor_cover || profile.anchor_info?.room_photourl || profile.photourl;
