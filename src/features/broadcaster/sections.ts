/**
 * The sections of her workspace and their titles, each at /broadcaster/<id> (the studio, her live
 * work, at /broadcaster itself). Kept this small: the route map that reads it loads on every page.
 */
export const SECTION_TITLES = {
  studio: 'Studio',
  messages: 'Messages',
  mail: 'Mail',
  bookings: 'Bookings & shows',
  calls: 'Calls',
  media: 'Media',
} as const;

export type SectionId = keyof typeof SECTION_TITLES;

/**
 * The parts of her Media section, each shown alone (three long panels stacked made a very long
 * page on a phone): the album at /broadcaster/media, the others at /broadcaster/media/<id>.
 */
export const MEDIA_TITLES = {
  album: 'Album',
  shots: 'Shots',
  'premium-videos': 'Premium videos',
} as const;

export type MediaId = keyof typeof MEDIA_TITLES;
