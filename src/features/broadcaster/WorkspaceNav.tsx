/**
 * The workspace's navigation between its sections: a tab row on wide screens, a row that scrolls
 * sideways on a phone (broadcaster.css). Her live work goes on while she is on another section: the
 * studio's tab says when she is live, the Messages tab how many live chats are open.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { type SectionId, sectionHref, WORKSPACE_SECTIONS } from './workspace-sections';

export interface WorkspaceNavProps {
  active: SectionId;
  /** She is live in her room or in a One-on-One. */
  studioLive: boolean;
  openChats: number;
}

export function WorkspaceNav({ active, studioLive, openChats }: WorkspaceNavProps) {
  const row = useRef<HTMLUListElement>(null);
  // On a phone a section opened by its address may have its tab past the row's edge: bring it in
  // (the row alone scrolls, never the page).
  useEffect(() => {
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft; // the row is the tab's offset parent (broadcaster.css)
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left - (list.clientWidth - tab.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className="workspace-nav" aria-label="Workspace">
      <ul ref={row}>
        {WORKSPACE_SECTIONS.map((section) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <Link
                to={sectionHref(section)}
                className={current ? 'workspace-tab active' : 'workspace-tab'}
                aria-current={current ? 'page' : undefined}
                activeOptions={{ exact: true }}
                data-testid={`workspace-tab-${section.id}`}
              >
                {section.label}
                {section.id === 'studio' && studioLive && (
                  <span className="workspace-tab-live">
                    <span className="visually-hidden"> (live now)</span>
                  </span>
                )}
                {section.id === 'messages' && openChats > 0 && (
                  <span className="workspace-tab-count" data-testid="workspace-open-chats">
                    {openChats}
                    <span className="visually-hidden"> open live {openChats === 1 ? 'chat' : 'chats'}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
