/**
 * The Twilio call center's callbacks (server-to-server, not the app's API envelope): Twilio fetches
 * a leg's TwiML when it is answered, posts the digit he pressed, and posts each leg's final status.
 * Each carries the call and the leg's role in its query, and is signed (`X-Twilio-Signature`).
 */
export const TwilioPaths = {
  /** A leg answered: its TwiML (the press-1 step for his, the conference for the others). */
  voice: '/call/webhook/twilio/voice',
  /** The press-1 step's result (`Digits`, empty when nothing was pressed in time). */
  gather: '/call/webhook/twilio/gather',
  /** A leg's final status (`CallStatus`: completed, busy, no-answer, failed, canceled). */
  status: '/call/webhook/twilio/status',
} as const;

/** What each leg's query names: the call (CC…) and the leg's role. */
export const TWILIO_LEG_ROLES = ['member', 'anchor', 'translator'] as const;
