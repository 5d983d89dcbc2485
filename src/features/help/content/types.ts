/**
 * The shape of a help page: plain data, so that editing the text never means editing JSX.
 * A block is a paragraph (a string), a bullet list, a highlighted note, or a link to another page.
 */
export type HelpBlock =
  | string
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { note: string }
  | { link: { to: string; label: string } };

export interface HelpSection {
  heading: string;
  blocks: readonly HelpBlock[];
}

export interface HelpDoc {
  /** The route path, e.g. '/howitwork/works'. */
  path: string;
  title: string;
  /** The page's meta description, also its lead paragraph. */
  description: string;
  sections: readonly HelpSection[];
}

export interface FaqItem {
  q: string;
  a: readonly HelpBlock[];
}

export interface FaqCategory {
  title: string;
  items: readonly FaqItem[];
}

/** '0.30 credits' — help text shows amounts the way the header does (2 decimals). */
export const credits = (amount: number) => `${amount.toFixed(2)} credits`;
export const stamps = (n: number) => `${n} ${n === 1 ? 'post stamp' : 'post stamps'}`;
