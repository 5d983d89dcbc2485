/**
 * Scheduled shows in every state the show screens know, placed relative to the seed time
 * (spec 001 §4, 002 §4): upcoming, starting within the follow lock, started, finished, cancelled
 * with and without a refund, full, and reserved by M1001.
 */
export interface TicketSeed {
  memberId: string;
  /** 1 bought, 2 refunded. */
  status: 1 | 2;
}

export interface ShowSeed {
  liveShowId: string;
  anchorId: string;
  title: string;
  introduce: string;
  priceHundredths: number;
  startTime: Date;
  durationMin: number;
  status: 1 | 3 | 4 | 5;
  capacity: number;
  tickets: TicketSeed[];
}

const MINUTE_MS = 60_000;
const HOUR = 60;
const DAY = 24 * HOUR;

interface Plan extends Omit<ShowSeed, 'startTime' | 'tickets'> {
  /** Minutes from the seed time; negative means it already started. */
  startsIn: number;
  tickets?: TicketSeed[];
}

const PLANS: readonly Plan[] = [
  {
    liveShowId: 'LS3001',
    anchorId: 'A2002',
    title: 'Sunday Acoustic Evening',
    introduce: 'Soft songs, requests and a cup of tea. Bring your favourite song title and I will try it.',
    priceHundredths: 400,
    startsIn: 3 * HOUR,
    durationMin: 60,
    status: 1,
    capacity: 50,
    tickets: [{ memberId: 'M1001', status: 1 }],
  },
  {
    liveShowId: 'LS3002',
    anchorId: 'A2003',
    title: 'Salsa Night Live',
    introduce:
      'Learn three easy salsa steps with me, then we dance together to the best songs from Medellín.',
    priceHundredths: 300,
    startsIn: 2 * DAY,
    durationMin: 45,
    status: 1,
    capacity: 30,
  },
  {
    liveShowId: 'LS3003',
    anchorId: 'A2005',
    title: 'Tea Ceremony and Calligraphy',
    introduce: 'A quiet hour of green tea and brush writing. I will write your name in Chinese characters.',
    priceHundredths: 500,
    startsIn: 5 * DAY,
    durationMin: 60,
    status: 1,
    capacity: 40,
  },
  {
    liveShowId: 'LS3004',
    anchorId: 'A2001',
    title: 'Coffee Morning Chat',
    introduce: 'Start the day with me: coffee, good news and your questions about life in Kyiv.',
    priceHundredths: 200,
    startsIn: 3,
    durationMin: 30,
    status: 1,
    capacity: 20,
    tickets: [{ memberId: 'M1003', status: 1 }],
  },
  {
    liveShowId: 'LS3005',
    anchorId: 'A2007',
    title: 'Beach Sunset Yoga',
    introduce: 'Gentle stretching as the sun goes down over the ocean. No experience needed, just breathe.',
    priceHundredths: 250,
    startsIn: 30,
    durationMin: 45,
    status: 1,
    capacity: 25,
  },
  {
    liveShowId: 'LS3006',
    anchorId: 'A2009',
    title: 'Karaoke Party',
    introduce: 'Pop hits, love songs and a lot of laughing. Vote for the next song in the chat.',
    priceHundredths: 350,
    startsIn: -10,
    durationMin: 60,
    status: 1,
    capacity: 40,
    tickets: [
      { memberId: 'M1001', status: 1 },
      { memberId: 'M1005', status: 1 },
    ],
  },
  {
    liveShowId: 'LS3007',
    anchorId: 'A2011',
    title: 'Ballet Stories',
    introduce:
      'Twelve years of ballet school in one evening: the music, the discipline and the funny moments.',
    priceHundredths: 600,
    startsIn: -2 * DAY,
    durationMin: 60,
    status: 3,
    capacity: 30,
    tickets: [{ memberId: 'M1001', status: 1 }],
  },
  {
    liveShowId: 'LS3008',
    anchorId: 'A2013',
    title: 'Thai Street Food Tour',
    introduce: 'A walk through the night market of Bangkok, tasting everything I can find.',
    priceHundredths: 450,
    startsIn: DAY,
    durationMin: 50,
    status: 5,
    capacity: 30,
    tickets: [{ memberId: 'M1001', status: 2 }],
  },
  {
    liveShowId: 'LS3009',
    anchorId: 'A2018',
    title: 'Winter Fairy Tales',
    introduce: 'Old Russian fairy tales read by the fireplace, with hot tea and snow outside the window.',
    priceHundredths: 200,
    startsIn: 3 * DAY,
    durationMin: 40,
    status: 4,
    capacity: 25,
  },
  {
    liveShowId: 'LS3010',
    anchorId: 'A2022',
    title: 'Dance Workout',
    introduce: 'Thirty minutes of fun cardio dance. Small group, so everyone gets my attention.',
    priceHundredths: 300,
    startsIn: DAY + 2 * HOUR,
    durationMin: 30,
    status: 1,
    capacity: 3,
    tickets: [
      { memberId: 'M1003', status: 1 },
      { memberId: 'M1004', status: 1 },
      { memberId: 'M1005', status: 1 },
    ],
  },
  {
    liveShowId: 'LS3011',
    anchorId: 'A2002',
    title: 'Late Night Piano',
    introduce: 'Classical pieces and film music on my old piano, played for you after midnight.',
    priceHundredths: 600,
    startsIn: DAY + 2 * HOUR,
    durationMin: 90,
    status: 1,
    capacity: 60,
  },
  {
    liveShowId: 'LS3012',
    anchorId: 'A2027',
    title: 'Muay Thai Basics',
    introduce: 'The first moves of Thai boxing, explained slowly. Get ready to sweat with me.',
    priceHundredths: 200,
    startsIn: 8 * HOUR,
    durationMin: 30,
    status: 1,
    capacity: 15,
  },
  {
    liveShowId: 'LS3013',
    anchorId: 'A2031',
    title: 'Latin Dance Masterclass',
    introduce: 'Cumbia, bachata and merengue: the rhythm of the Caribbean coast, step by step.',
    priceHundredths: 800,
    startsIn: 3 * DAY + 4 * HOUR,
    durationMin: 60,
    status: 1,
    capacity: 30,
    tickets: [{ memberId: 'M1003', status: 1 }],
  },
  {
    liveShowId: 'LS3014',
    anchorId: 'A2024',
    title: 'Coffee Farm Stories',
    introduce: 'From the mountains to your cup: my family coffee farm, the harvest and how we roast.',
    priceHundredths: 1000,
    startsIn: 6 * DAY,
    durationMin: 40,
    status: 1,
    capacity: 100,
  },
  {
    liveShowId: 'LS3015',
    anchorId: 'A2001',
    title: 'Book Club: Short Stories',
    introduce: 'We read one short story together and talk about it. This week: a story about first love.',
    priceHundredths: 200,
    startsIn: 2 * DAY + 3 * HOUR,
    durationMin: 45,
    status: 1,
    capacity: 20,
  },
  {
    liveShowId: 'LS3016',
    anchorId: 'A2005',
    title: 'Dumpling Workshop',
    introduce: 'We folded two hundred dumplings together and ate most of them.',
    priceHundredths: 350,
    startsIn: -7 * DAY,
    durationMin: 60,
    status: 3,
    capacity: 40,
    tickets: [{ memberId: 'M1005', status: 1 }],
  },
];

const HALF_HOUR_MS = 30 * MINUTE_MS;

/** Shows hours away start on the half hour, as a real schedule would; near ones keep exact offsets. */
function startTime(now: Date, startsIn: number): Date {
  const at = now.getTime() + startsIn * MINUTE_MS;
  return new Date(Math.abs(startsIn) >= 2 * HOUR ? Math.round(at / HALF_HOUR_MS) * HALF_HOUR_MS : at);
}

export function demoShows(now: Date): ShowSeed[] {
  return PLANS.map(({ startsIn, tickets, ...show }) => ({
    ...show,
    startTime: startTime(now, startsIn),
    tickets: tickets ?? [],
  }));
}
