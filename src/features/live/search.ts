/** live.html's hash parameters (spec 001 §2), as the /live route's query. */
import type { LiveType } from '../../../protocol/live/live';

export interface LiveSearch {
  anchorid: string;
  type: LiveType;
  /** Her instant invitation being accepted. */
  anchor_inviteid?: string;
  /** An accepted request's or a booking's room. */
  roomid?: string;
  /** Her automatic invitation. */
  isauto?: string;
  /** A scheduled show's room. */
  liveShowid?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function liveSearch(search: Record<string, unknown>): LiveSearch {
  const out: LiveSearch = {
    anchorid: text(search.anchorid) ?? '',
    type: search.type === 'private' ? 'private' : 'public',
  };
  const inviteId = text(search.anchor_inviteid);
  const roomId =
    text(search.roomid) ?? (typeof search.roomid === 'number' ? String(search.roomid) : undefined);
  if (inviteId) out.anchor_inviteid = inviteId;
  if (roomId) out.roomid = roomId;
  if (search.isauto === '1' || search.isauto === 1) out.isauto = '1';
  const show = text(search.liveShowid);
  if (show) out.liveShowid = show;
  return out;
}
