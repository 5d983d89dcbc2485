/**
 * The demo broadcasters A2001..A2064 in order: nickname, country, city. A few nicknames pass the
 * 18-character limit on purpose so the list's truncation is exercised; one is exactly 18.
 */
export const BROADCASTER_PEOPLE: readonly (readonly [nickname: string, country: string, city: string])[] = [
  ['Olena', 'Ukraine', 'Kyiv'],
  ['Mariel', 'Philippines', 'Cebu City'],
  ['Valentina', 'Colombia', 'Medellín'],
  ['Anastasia Moonlight', 'Russia', 'Saint Petersburg'],
  ['Xiaoyu', 'China', 'Chengdu'],
  ['Ploy', 'Thailand', 'Chiang Mai'],
  ['Camila', 'Brazil', 'Florianópolis'],
  ['Daria', 'Ukraine', 'Kharkiv'],
  ['Jasmine', 'Philippines', 'Davao City'],
  ['Isabella', 'Colombia', 'Cartagena'],
  ['Svetlana', 'Russia', 'Kazan'],
  ['Mei', 'China', 'Hangzhou'],
  ['Nong May', 'Thailand', 'Bangkok'],
  ['Beatriz', 'Brazil', 'Salvador'],
  ['Kateryna the Dreamer', 'Ukraine', 'Lviv'],
  ['Angelica', 'Philippines', 'Manila'],
  ['Daniela', 'Colombia', 'Cali'],
  ['Polina', 'Russia', 'Novosibirsk'],
  ['Yan Yan', 'China', 'Qingdao'],
  ['Fah', 'Thailand', 'Phuket'],
  ['Larissa', 'Brazil', 'Curitiba'],
  ['Iryna', 'Ukraine', 'Dnipro'],
  ['Kristine Joy', 'Philippines', 'Iloilo City'],
  ['Valentina Rosaria Cruz', 'Colombia', 'Bogotá'],
  ['Ekaterina', 'Russia', 'Sochi'],
  ['Jing', 'China', 'Xiamen'],
  ['Nok', 'Thailand', 'Pattaya'],
  ['Gabriela', 'Brazil', 'Rio de Janeiro'],
  ['Yulia', 'Ukraine', 'Zaporizhzhia'],
  ['Princess Althea', 'Philippines', 'Baguio'],
  ['Maria Luisa Santos', 'Colombia', 'Barranquilla'],
  ['Alina', 'Russia', 'Yekaterinburg'],
  ['Xiaoling', 'China', 'Guangzhou'],
  ['Pim', 'Thailand', 'Hua Hin'],
  ['Sweet Caramel Angelina', 'Brazil', 'São Paulo'],
  ['Oksana', 'Ukraine', 'Poltava'],
  ['Rica', 'Philippines', 'Bacolod'],
  ['Sofia', 'Colombia', 'Bucaramanga'],
  ['Natalia', 'Russia', 'Krasnodar'],
  ['Lulu', 'China', 'Shenzhen'],
  ['Mint', 'Thailand', 'Khon Kaen'],
  ['Fernanda', 'Brazil', 'Belo Horizonte'],
  ['Viktoria', 'Ukraine', 'Vinnytsia'],
  ['Shiela Mae', 'Philippines', 'Cagayan de Oro'],
  ['Laura', 'Colombia', 'Pereira'],
  ['Ksenia', 'Russia', 'Vladivostok'],
  ['Ruolan', 'China', 'Suzhou'],
  ['Aom', 'Thailand', 'Udon Thani'],
  ['Juliana', 'Brazil', 'Recife'],
  ['Tetiana', 'Ukraine', 'Chernihiv'],
  ['Lovely Grace', 'Philippines', 'Quezon City'],
  ['Catalina', 'Colombia', 'Santa Marta'],
  ['Milana', 'Russia', 'Moscow'],
  ['Qiqi', 'China', 'Kunming'],
  ['Sunisa', 'Thailand', 'Nakhon Ratchasima'],
  ['Amanda Cristina Lopes', 'Brazil', 'Porto Alegre'],
  ['Marta', 'Ukraine', 'Uzhhorod'],
  ['Hazel', 'Philippines', 'Zamboanga City'],
  ['Paula', 'Colombia', 'Manizales'],
  ['Vera', 'Russia', 'Kaliningrad'],
  ['Huan', 'China', 'Dalian'],
  ['Kanya', 'Thailand', 'Ayutthaya'],
  ['Leticia', 'Brazil', 'Fortaleza'],
  ['Nadiya', 'Ukraine', 'Ternopil'],
];

/** What each interest (protocol/discover/interests.ts) sounds like in a sentence. */
const INTEREST_PHRASES: Record<number, string> = {
  1: 'trying a new little restaurant',
  2: 'cooking something slow and delicious',
  3: 'planning my next trip',
  4: 'hiking up to a view',
  5: 'dancing until my feet hurt',
  6: 'a cosy movie night',
  7: 'an afternoon of window shopping',
  8: 'playing with my cat',
  9: 'reading a good novel',
  10: 'an early workout',
  11: 'a game of chess or cards',
  12: 'playing guitar and singing badly',
};

const OPENINGS = [
  'I am a cheerful and honest woman who laughs easily.',
  'Friends say I am calm on the outside and playful once you know me.',
  'I work as a nurse, so I know how much a kind word can mean.',
  'I teach English to children and I love their endless questions.',
  'I am a designer by day and a dreamer by night.',
  'Life taught me to be patient, warm and a little bit brave.',
  'I am a simple girl with a big heart and a curious mind.',
  'I run a small flower shop, so my days smell of roses.',
  'I am an accountant who secretly wishes she were a dancer.',
  'I am an optimist; a sunny morning can make my whole week.',
  'I grew up by the sea and I still feel most free near the water.',
  'I am a romantic at heart and I believe in good manners.',
  'I study psychology and I am fascinated by people and their stories.',
  'I am a chef in training, and tasting is the best part of my job.',
];

const CLOSINGS = [
  'I am looking for a sincere man who knows what he wants.',
  'I hope to meet someone kind, attentive and a little funny.',
  'If you like long conversations, we will get along well.',
  'Say hi and tell me about the best day of your life.',
  'I value respect, trust and a good sense of humour.',
  'Come and chat with me, I do not bite.',
  'I would love to learn about your country and your dreams.',
  'My ideal evening is a walk, a talk and a warm cup of tea together.',
  'I want a partner for adventures, big and small.',
  'Honesty matters more to me than anything else.',
  'Let us see where a simple hello can take us.',
  'I believe the right person makes even ordinary days special.',
];

const EXTRAS = [
  'My family is very important to me.',
  'I speak English every day, and I am learning Spanish too.',
  'Sunsets are my favourite time of day.',
  'I never say no to dessert.',
  'I can talk about music for hours.',
  'My dream is to see the northern lights one day.',
  'I am a morning person, so I am often online early.',
  'I believe a smile is the best thing you can wear.',
];

export interface IntroductionParts {
  opening: number;
  closing: number;
  /** -1: no extra sentence. */
  extra: number;
}

/** 3 or 4 sentences: an opening, her interests, an optional extra, a closing. */
export function introduction(city: string, interests: number[], parts: IntroductionParts): string {
  const [first, second] = interests.map((id) => INTEREST_PHRASES[id] ?? 'a quiet evening');
  const likes = second ? `${first} or ${second}` : first;
  const sentences = [
    OPENINGS[parts.opening % OPENINGS.length],
    `In my free time in ${city} you will find me ${likes}.`,
    parts.extra >= 0 ? EXTRAS[parts.extra % EXTRAS.length] : undefined,
    CLOSINGS[parts.closing % CLOSINGS.length],
  ];
  return sentences.filter(Boolean).join(' ');
}

export const INTRODUCTION_SIZES = {
  openings: OPENINGS.length,
  closings: CLOSINGS.length,
  extras: EXTRAS.length,
};
