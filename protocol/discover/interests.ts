/** Broadcaster interests, ids 1 to 12 (spec 002 §3). */
export const INTERESTS = [
  { id: 1, name: 'Going to Restaurants' },
  { id: 2, name: 'Cooking' },
  { id: 3, name: 'Travel' },
  { id: 4, name: 'Hiking/outdoor activities' },
  { id: 5, name: 'Dancing' },
  { id: 6, name: 'Watching movies' },
  { id: 7, name: 'Shopping' },
  { id: 8, name: 'Having pets' },
  { id: 9, name: 'Reading' },
  { id: 10, name: 'Sports/exercise' },
  { id: 11, name: 'Playing cards/chess' },
  { id: 12, name: 'Music/play instruments' },
] as const;
export type InterestId = (typeof INTERESTS)[number]['id'];
