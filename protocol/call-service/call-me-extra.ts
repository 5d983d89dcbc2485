/**
 * Ours, beside the call service's calls (call-service.ts): what the call-me pages and her Calls
 * section need that the spec does not name.
 * - callEditAuthorization ("add a new authorization", spec §2) lets him authorize a broadcaster to
 *   call him without waiting for her to ask: the authorization is granted at once (status success).
 * - Her Calls section lists the authorizations she asked for (to start a call on a granted one) and
 *   switches the kinds of call she takes (her privileges' call_instant / call_schedule flags).
 */
import type { CallMeItem } from './call-service';

export const CallMeExtraApi = {
  /** Ours: he grants a broadcaster a call-me authorization himself {anchor_id, message?} → CallMeItem. */
  addAuthorization: '/pman/callService/callMe/addAuthorization',
  /** Ours: her call-me authorizations, newest first → {list: LadyCallMeItem[]}. */
  ladyAuthorizations: '/lady/v1/callService/authorizations',
  /** Ours: which calls she takes → CallTakes. */
  ladyCallTakes: '/lady/v1/callService/callTakes',
  /** Ours: she switches instant / scheduled calls on or off {call_instant, call_schedule} → CallTakes. */
  ladySaveCallTakes: '/lady/v1/callService/saveCallTakes',
} as const;

/** Ours: to her, a member changed one of her authorizations (accepted, declined, revoked) ({authorization: LadyCallMeItem}). */
export const CallMeExtraEvent = { changed: 'imMan/callMeChangedNotice' } as const;

/** One of her authorizations, as her Calls section shows it: the member, never his phone. */
export interface LadyCallMeItem extends Omit<CallMeItem, 'anchor_info'> {
  man_id: string;
  man_nickname: string;
}

/** The kinds of call she takes (her privileges' flags). */
export interface CallTakes {
  call_instant: 0 | 1;
  call_schedule: 0 | 1;
}
