/** Which capability brings a page that is not built yet. */
export const LATER = {
  live: 'live rooms and hang-outs',
  shows: 'shows, tickets and One-on-One booking',
  messages: 'private messages and help',
  mail: 'mail, greeting mail and post stamps',
  release: 'a later release',
} as const;

export type LaterKey = keyof typeof LATER;

export const arrivesWith = (key: LaterKey) =>
  key === 'release' ? 'It arrives in a later release.' : `It arrives with ${LATER[key]}.`;
