/** What the member sees about their own requests (the texts the brief gives). */
import { formatLeft } from '../invites/recent';

export const requestText = {
  sending: 'Sending your request…',
  waiting: (nickname: string) => `Request sent. Waiting for ${nickname} to answer…`,
  accepted: (nickname: string) => `${nickname} accepted. Starting your One-on-One…`,
  declined: (nickname: string) => `${nickname} can't take your request right now.`,
  expired: (nickname: string) => `Your request has expired: ${nickname} did not answer in time.`,
  cancelled: 'Your request was cancelled.',
  hangoutSent: (nickname: string) => `Hang-out request sent to ${nickname}.`,
  timeLeft: (seconds: number) => `${formatLeft(Math.max(0, seconds))} left`,
  addCredits: 'Add credits',
  oneOnOneCharge: (nickname: string, rate: string) =>
    `A One-on-One with ${nickname} is billed ${rate} per minute. Asking holds the first minute now.`,
  holdReturns: 'The hold comes back if she declines, if you cancel, or if the request expires.',
};
