/** Which capability brings a page that is not built yet. */
export const LATER = {
  live: 'live rooms, hang-outs and invitations (issue 3)',
  shows: 'shows, tickets and One-on-One booking (issue 4)',
  messages: 'private messages and help (issue 6)',
  mail: 'mail, greeting mail and post stamps (issue 7)',
  release: 'a later release',
} as const;

export type LaterKey = keyof typeof LATER;

export const arrivesWith = (key: LaterKey) =>
  key === 'release' ? 'It arrives in a later release.' : `It arrives with ${LATER[key]}.`;
