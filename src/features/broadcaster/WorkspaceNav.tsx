/**
 * The workspace's navigation between its sections: a tab row on wide screens, a row that scrolls
 * sideways on a phone (broadcaster.css). The studio's tab says when she is live there, since she
 * may be on another section while her camera is on.
 */
import { Link } from '@tanstack/react-router';
import { type SectionId, sectionHref, WORKSPACE_SECTIONS } from './workspace-sections';

export function WorkspaceNav({ active, studioLive }: { active: SectionId; studioLive: boolean }) {
  return (
    <nav className="workspace-nav" aria-label="Workspace">
      <ul>
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
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
