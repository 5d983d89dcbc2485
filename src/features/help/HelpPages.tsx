/**
 * The help pages (/howitwork/* and /help/service-intro/*), loaded as their own chunk so the first
 * load of the app does not carry their text. The service worker precaches the chunk with the rest
 * of the build, so a help page opens offline even the first time it is visited.
 */
import { Link, useLocation, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { db } from '../../db/db';
import { markHelpRead } from '../../db/help';
import {
  FAQ,
  type FaqCategory,
  type HelpBlock,
  type HelpDoc,
  HOWITWORK_NAV,
  helpDoc,
  SERVICE_NAV,
} from './content';
import './help.css';

function Block({ block }: { block: HelpBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ('steps' in block)
    return (
      <ol className="help-steps">
        {block.steps.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    );
  if ('note' in block) return <p className="help-note">{block.note}</p>;
  return (
    <p className="help-link">
      <Link to={block.link.to}>{block.link.label} →</Link>
    </p>
  );
}

function Blocks({ blocks }: { blocks: readonly HelpBlock[] }) {
  return blocks.map((block, i) => <Block key={typeof block === 'string' ? block : i} block={block} />);
}

/** The side (or, on a phone, top) navigation of a help section, marking the pages read here. */
function HelpNav({ current, label }: { current: string; label: 'howitwork' | 'service' }) {
  const items = label === 'howitwork' ? HOWITWORK_NAV : SERVICE_NAV;
  const read = useLiveQuery(
    () => db.helpRead.toArray().then((rows) => new Set(rows.map((r) => r.path))),
    [],
    new Set<string>(),
  );
  const active = (path: string) =>
    path === current || (path.startsWith('/howitwork/faq') && current.startsWith('/howitwork/faq'));
  return (
    <nav className="help-nav" aria-label={label === 'howitwork' ? 'Help' : 'Our services'}>
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              aria-current={active(item.path) ? 'page' : undefined}
              data-read={read.has(item.path) ? '1' : undefined}
            >
              {item.title}
              {read.has(item.path) && !active(item.path) && <span className="visually-hidden"> (read)</span>}
            </Link>
          </li>
        ))}
      </ul>
      {label === 'howitwork' ? (
        <Link to="/help/service-intro/public-broadcast" className="help-nav-other">
          Our services →
        </Link>
      ) : (
        <Link to="/howitwork/works" className="help-nav-other">
          How it works →
        </Link>
      )}
    </nav>
  );
}

function useMarkRead(path: string, title: string | undefined) {
  useEffect(() => {
    if (title) void markHelpRead(path, title);
  }, [path, title]);
}

function HelpFrame({
  path,
  kicker,
  title,
  lead,
  children,
}: {
  path: string;
  kicker: string;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  const section = path.startsWith('/help/') ? 'service' : 'howitwork';
  return (
    <div className="page help-page">
      <HelpNav current={path} label={section} />
      <article className="help-article" data-testid="help-article">
        <p className="help-kicker">{kicker}</p>
        <h1 className="page-title">{title}</h1>
        <p className="help-lead">{lead}</p>
        {children}
      </article>
    </div>
  );
}

function DocBody({ doc }: { doc: HelpDoc }) {
  return doc.sections.map((section) => (
    <section key={section.heading} className="help-section">
      <h2>{section.heading}</h2>
      <Blocks blocks={section.blocks} />
    </section>
  ));
}

/** Any page of /howitwork or /help/service-intro except the FAQ: chosen by the path. */
export function HelpDocPage() {
  const path = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') });
  const doc = helpDoc(path);
  useMarkRead(path, doc?.title);
  if (!doc) {
    return (
      <HelpFrame path={path} kicker="Help" title="Page not found" lead="This help page does not exist.">
        <Link to="/howitwork/works">How it works</Link>
      </HelpFrame>
    );
  }
  return (
    <HelpFrame
      path={doc.path}
      kicker={doc.path.startsWith('/help/') ? 'Our services' : 'Help'}
      title={doc.title}
      lead={doc.description}
    >
      <DocBody doc={doc} />
    </HelpFrame>
  );
}

/** Arrow keys, Home and End move between the questions (the WAI accordion pattern). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.faq-question')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const last = buttons.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? (at + 1) % buttons.length
          : (at - 1 + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

function FaqList({ category }: { category: FaqCategory }) {
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const base = useId();
  const toggle = (i: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the question buttons inside.
    <div className="faq-list" onKeyDown={moveFocus} data-testid="faq-list">
      {category.items.map((item, i) => {
        const expanded = open.has(i);
        return (
          <div key={item.q} className="faq-item">
            <h2 className="faq-heading">
              <button
                type="button"
                className="faq-question"
                id={`${base}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${base}-a${i}`}
                onClick={() => toggle(i)}
              >
                <span>{item.q}</span>
                <span className="faq-chevron" aria-hidden="true" />
              </button>
            </h2>
            <section
              id={`${base}-a${i}`}
              className="faq-answer"
              aria-labelledby={`${base}-q${i}`}
              hidden={!expanded}
            >
              <Blocks blocks={item.a} />
            </section>
          </div>
        );
      })}
    </div>
  );
}

/** /howitwork/faq/:index — index picks the category; anything else shows the first. */
export function FaqPage() {
  const params = useParams({ strict: false }) as { index?: string };
  const parsed = Number(params.index);
  const index = Number.isInteger(parsed) && parsed >= 0 && parsed < FAQ.length ? parsed : 0;
  const category = FAQ[index] as FaqCategory;
  const path = `/howitwork/faq/${index}`;
  useMarkRead('/howitwork/faq/0', 'Help & FAQs');
  return (
    <HelpFrame
      path={path}
      kicker="Help & FAQs"
      title={category.title}
      lead="Answers to the questions members ask most."
    >
      <nav className="faq-tabs" aria-label="FAQ topics">
        {FAQ.map((c, i) => (
          <Link key={c.title} to={`/howitwork/faq/${i}`} aria-current={i === index ? 'page' : undefined}>
            {c.title}
          </Link>
        ))}
      </nav>
      <FaqList key={index} category={category} />
    </HelpFrame>
  );
}
