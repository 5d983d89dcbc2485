/**
 * The live-chat text filter (spec 002 "Live-chat text filter"): links, URLs, phone-number-like
 * digit runs, e-mail-like strings and explicit or vulgar words become '*****'. Applied by the
 * server to private messages (both sides), so contact details never leave the platform through
 * them and every client shows the same text. The spec does not show its word list; ours is short
 * and matches whole words (and their common endings) only, so ordinary words are never cut.
 */
export const FILTER_MASK = '*****';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;
/** A bare domain such as example.com or chat.example.net/path. */
const DOMAIN =
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|me|co|ru|uk|de|app|site|online|xyz|top|chat|link|ly)\b(?:\/\S*)?/gi;
/** Seven or more digits, perhaps split by spaces, dots, dashes or brackets, perhaps with a leading +. */
const PHONE = /\+?\d(?:[\s().-]*\d){6,}/g;
const VULGAR = [
  'fuck\\w*',
  'motherfuck\\w*',
  'shit\\w*',
  'bitch\\w*',
  'cunts?',
  'dicks?',
  'cocks?',
  'puss(?:y|ies)',
  'whores?',
  'sluts?',
  'assholes?',
  'bastards?',
  'blow ?jobs?',
  'send nudes',
];
const WORDS = new RegExp(`\\b(?:${VULGAR.join('|')})\\b`, 'gi');

export function filterChatText(text: string): string {
  return text
    .replace(EMAIL, FILTER_MASK)
    .replace(URL, FILTER_MASK)
    .replace(DOMAIN, FILTER_MASK)
    .replace(PHONE, FILTER_MASK)
    .replace(WORDS, FILTER_MASK);
}
