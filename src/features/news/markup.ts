/**
 * The news body's small markup (protocol/news NEWS_MARKUP) parsed into blocks of text runs. Output
 * is data rendered as React text, never HTML; a link is kept only when it points inside the app.
 */
export type Run =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; to: string };
export type Block = { kind: 'p'; runs: Run[] } | { kind: 'h'; runs: Run[] } | { kind: 'ul'; items: Run[][] };

/** An app path: '/' then no second slash or scheme (no '//evil', no 'javascript:'). */
const APP_PATH = /^\/(?!\/)[A-Za-z0-9/_.?=&%-]*$/;
const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(line: string): Run[] {
  const runs: Run[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) runs.push({ kind: 'text', text: line.slice(last, at) });
    const [whole, bold, label, to] = match;
    if (bold !== undefined) runs.push({ kind: 'bold', text: bold });
    else if (label !== undefined && to !== undefined && APP_PATH.test(to))
      runs.push({ kind: 'link', text: label, to });
    else runs.push({ kind: 'text', text: label ?? whole });
    last = at + whole.length;
  }
  if (last < line.length) runs.push({ kind: 'text', text: line.slice(last) });
  return runs;
}

export function parseMarkup(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Run[][] | undefined;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', runs: parseInline(paragraph.join(' ')) });
    paragraph = [];
    list = undefined;
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'h', runs: parseInline(line.slice(3)) });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      if (!list) {
        list = [];
        blocks.push({ kind: 'ul', items: list });
      }
      list.push(parseInline(line.slice(2)));
    } else {
      list = undefined;
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
