/**
 * The sections of her workspace and their titles, each at /broadcaster/<id> (the studio, her live
 * work, at /broadcaster itself). Kept this small: the route map that reads it loads on every page.
 */
export const SECTION_TITLES = {
  studio: 'Studio',
  messages: 'Messages',
  mail: 'Mail',
  bookings: 'Bookings & shows',
  media: 'Media',
} as const;

export type SectionId = keyof typeof SECTION_TITLES;
