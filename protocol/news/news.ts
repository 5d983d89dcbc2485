/**
 * News and media (spec 002 §2: /newsandmedia and its ten children). The spec names the pages only;
 * their content is ours and is data an operator with the `content` role edits in the console:
 * a title, a one-line summary, a body in a small markup (see NEWS_MARKUP below), an optional
 * picture (a same-site path) and a published flag. Members read published pages only.
 */
/** The ten children of /newsandmedia, in the order the index lists them. */
export const NEWS_SLUGS = [
  'whatsnew',
  'chatminintro',
  'chatminites',
  'yearendp',
  'special',
  'special2',
  'special3',
  'special4',
  'special5',
  'special6',
] as const;
export type NewsSlug = (typeof NEWS_SLUGS)[number];

export const NewsApi = {
  /** The published pages' titles and summaries (index of /newsandmedia). */
  list: '/news/v1/list',
  /** One published page by slug. */
  page: '/news/v1/page',
  /** Operator (`content`): every page, published or not. */
  operatorList: '/operator/v1/news/list',
  /** Operator (`content`): saves a page's title, summary, body, picture and published flag. */
  operatorSave: '/operator/v1/news/save',
} as const;

/**
 * The body's markup, rendered as text by the client (never as HTML): blank lines part paragraphs;
 * a line starting '## ' is a heading, '- ' a list item; **bold**; [label](/path) links only to a
 * path inside the app (anything else stays plain text).
 */
export const NEWS_MARKUP = 'Paragraphs, ## headings, - lists, **bold**, [label](/path)';

export const NEWS_TITLE_MAX = 80;
export const NEWS_SUMMARY_MAX = 200;
export const NEWS_BODY_MAX = 8000;

export interface NewsSummary {
  slug: NewsSlug;
  title: string;
  summary: string;
  image_url: string;
  /** Seconds since the epoch. */
  updated_at: number;
}

export interface NewsPage extends NewsSummary {
  body: string;
  published: boolean;
}
