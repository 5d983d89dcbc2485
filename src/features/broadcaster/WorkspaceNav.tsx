/**
 * The workspace's navigation between its sections: a tab row (TabRow.tsx). Her live work goes on
 * while she is on another section: the studio's tab says when she is live, the Messages tab how
 * many live chats are open, the Calls tab how many call requests wait for her answer.
 */
import { menuBadge } from '../../app/layout/badges';
import { TabRow } from './TabRow';
import { type SectionId, sectionHref, WORKSPACE_SECTIONS } from './workspace-sections';

export interface WorkspaceNavProps {
  active: SectionId;
  /** She is live in her room or in a One-on-One. */
  studioLive: boolean;
  openChats: number;
  pendingCalls: number;
}

export function WorkspaceNav({ active, studioLive, openChats, pendingCalls }: WorkspaceNavProps) {
  const tabs = WORKSPACE_SECTIONS.map((section) => ({
    id: section.id,
    label: section.label,
    href: sectionHref(section),
    extra:
      section.id === 'studio' && studioLive ? (
        <span className="workspace-tab-live">
          <span className="visually-hidden"> (live now)</span>
        </span>
      ) : section.id === 'messages' && openChats > 0 ? (
        <span className="workspace-tab-count" data-testid="workspace-open-chats">
          {openChats}
          <span className="visually-hidden"> open live {openChats === 1 ? 'chat' : 'chats'}</span>
        </span>
      ) : section.id === 'calls' && pendingCalls > 0 ? (
        <span className="workspace-tab-count" data-testid="workspace-pending-calls">
          {menuBadge(pendingCalls)}
          <span className="visually-hidden">
            {' '}
            call {pendingCalls === 1 ? 'request' : 'requests'} waiting for your answer
          </span>
        </span>
      ) : undefined,
  }));
  return <TabRow label="Workspace" tabs={tabs} active={active} testIdPrefix="workspace-tab" />;
}
