/**
 * The page the messages benchmark opens in Chromium: it fills one conversation with N messages
 * through the app's own cache module (src/db/messages.ts), then times what /mymessage does on
 * opening it (the first page of 20 read by the [conversation+time] key and rendered) and on each
 * Load more (the next 20 below the oldest key), with React rendering what MessageText renders.
 */
import { createElement as h, memo } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  emoticonUrl,
  MESSAGE_PAGE_SIZE,
  messageParts,
  type PrivateMessage,
} from '../../protocol/messages/messages';
import { db } from '../../src/db/db';
import { readHistoryPage, saveMessages } from '../../src/db/messages';

/**
 * What src/features/messages/MessageText.tsx renders, written without JSX (this file is type-checked
 * with the Node project, which has no JSX): text nodes and emoticon images.
 */
function MessageText({ content }: { content: string }) {
  return messageParts(content).map((part, i) =>
    part.kind === 'text'
      ? h('span', { key: i }, part.text)
      : h('img', {
          key: i,
          className: 'emoticon',
          src: emoticonUrl(part.n),
          alt: `[img:${part.n}]`,
          width: 22,
          height: 22,
        }),
  );
}

const OWNER = 'M1001';
const PEER = 'A2001';

function message(i: number): PrivateMessage {
  const mine = i % 3 !== 0;
  return {
    msg_id: i + 1,
    from_id: mine ? OWNER : PEER,
    to_id: mine ? PEER : OWNER,
    content: `Message number ${i} with a little text to read [img:${(i % 16) + 1}] and some more words after it.`,
    add_time: 1_700_000_000 + i * 30,
    charge: i > 3 && mine ? 0.5 : 0,
    is_read: 1,
    msg_key: `bench-${i}`,
  };
}

/** Rows are memoised as in Conversation.tsx: Load more renders only the 20 new ones. */
const Row = memo(function Row({ m }: { m: PrivateMessage }) {
  return h('li', null, h('p', null, h(MessageText, { content: m.content })));
});

function List({ list }: { list: readonly PrivateMessage[] }) {
  return h(
    'ol',
    null,
    list.map((m) => h(Row, { key: m.msg_id, m })),
  );
}

async function fill(count: number): Promise<number> {
  await db.delete();
  await db.open();
  const started = performance.now();
  const batch = 1_000;
  for (let i = 0; i < count; i += batch) {
    const list = Array.from({ length: Math.min(batch, count - i) }, (_, k) => message(i + k));
    await saveMessages(OWNER, PEER, list);
  }
  return performance.now() - started;
}

/** Opening: read the newest 20 and render them. Then `pages` times Load more. */
async function open(pages: number): Promise<{ first: number; pages: number[]; shown: number }> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const t0 = performance.now();
  let history = (await readHistoryPage(OWNER, PEER, MESSAGE_PAGE_SIZE)).reverse();
  flushSync(() => root.render(h(List, { list: history })));
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let p = 0; p < pages; p++) {
    const oldest = history[0];
    if (!oldest) break;
    const t = performance.now();
    const older = (await readHistoryPage(OWNER, PEER, MESSAGE_PAGE_SIZE, oldest.msg_id)).reverse();
    history = [...older, ...history];
    flushSync(() => root.render(h(List, { list: history })));
    times.push(performance.now() - t);
  }
  const shown = document.querySelectorAll('li').length;
  root.unmount();
  return { first, pages: times, shown };
}

declare global {
  interface Window {
    benchFill(count: number): Promise<number>;
    benchOpen(pages: number): Promise<{ first: number; pages: number[]; shown: number }>;
  }
}
window.benchFill = fill;
window.benchOpen = open;
