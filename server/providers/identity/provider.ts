/**
 * The identity provider behind the broadcaster's face-ID check: it gives a page for her to open
 * (in the spec's popup) and later says whether she passed. `npm start` uses the local stand-in
 * (local-face-check.ts), a page on this server that shows her camera and lets an operator decide;
 * production names a real provider's adapter here, or none (then the check says it is unavailable).
 */
export interface IdentityCheck {
  refId: string;
  /** Where her browser goes for the check. */
  identifyUrl: string;
}

export type IdentityVerdict = 'pending' | 'passed' | 'failed';

export interface IdentityProvider {
  start(anchorId: string): Promise<IdentityCheck>;
  verdict(refId: string): Promise<IdentityVerdict>;
}
