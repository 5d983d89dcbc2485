/**
 * A row of tabs that are links, one per address: her workspace's sections and her Media section's
 * parts share it (broadcaster.css). On a phone the row scrolls sideways inside its own box, and a
 * tab opened by its address that sits past the row's edge is brought into view.
 */
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';

export interface Tab {
  id: string;
  label: string;
  href: string;
  /** Shown after the label (a live dot, a count). */
  extra?: ReactNode;
}

export function TabRow({
  label,
  tabs,
  active,
  testIdPrefix,
}: {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly Tab[];
  active: string;
  testIdPrefix: string;
}) {
  const row = useRef<HTMLUListElement>(null);
  // The row alone scrolls, never the page.
  useEffect(() => {
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft; // the row is the tab's offset parent (broadcaster.css)
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left - (list.clientWidth - tab.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className="workspace-nav" aria-label={label}>
      <ul ref={row}>
        {tabs.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id}>
              <Link
                to={tab.href}
                className={current ? 'workspace-tab active' : 'workspace-tab'}
                aria-current={current ? 'page' : undefined}
                activeOptions={{ exact: true }}
                data-testid={`${testIdPrefix}-${tab.id}`}
              >
                {tab.label}
                {tab.extra}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
