/** Members online now, refreshed every 10 s and on demand, each with an Invite button and its status. */
import { useCallback, useEffect, useState } from 'react';
import { INVITE_TYPE_CAM } from '../../../protocol/livechat/livechat';
import { type AnchorReport, EventRoute, type OnlineMember } from '../../../protocol/realtime';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { getOnlineMembers, instantInviteUser } from '../invites/api';
import { ChatInviteButton } from './ChatInviteButton';
import { applyReport, type InviteStatus, ONLINE_REFRESH_MS, statusText } from './workspace';

type ListState =
  | { status: 'loading' }
  | { status: 'ready'; members: OnlineMember[] }
  | { status: 'error'; error: string };

export function OnlineMembers() {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [statuses, setStatuses] = useState<Record<string, InviteStatus>>({});
  const [refreshing, setRefreshing] = useState(false);

  const load = useCallback(async () => {
    setRefreshing(true);
    try {
      const members = await getOnlineMembers();
      setList({ status: 'ready', members });
    } catch (error) {
      // A failed background refresh keeps the list it has.
      setList((current) =>
        current.status === 'ready' ? current : { status: 'error', error: errorText(error) },
      );
    } finally {
      setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(load, ONLINE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  useEffect(
    () =>
      realtime.on<AnchorReport>(EventRoute.anchorReport, (report) =>
        setStatuses((current) => applyReport(current, report)),
      ),
    [],
  );

  const invite = async (userid: string) => {
    setStatuses((current) => ({ ...current, [userid]: { state: 'sending' } }));
    try {
      const { invite_id } = await instantInviteUser(userid);
      // The member's report may already have turned it into Seen.
      setStatuses((current) => {
        const now = current[userid];
        return now && now.state !== 'sending' && now.state !== 'failed'
          ? current
          : { ...current, [userid]: { state: 'invited', inviteId: invite_id } };
      });
    } catch (error) {
      setStatuses((current) => ({ ...current, [userid]: { state: 'failed', error: errorText(error) } }));
    }
  };

  return (
    <section className="card workspace-panel" aria-labelledby="online-members-title">
      <header className="workspace-head">
        <h2 id="online-members-title">Members online now</h2>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="refresh-members"
          onClick={() => void load()}
          disabled={refreshing}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      {list.status === 'loading' && <p className="workspace-empty">Loading members…</p>}
      {list.status === 'error' && (
        <p className="workspace-empty" role="alert">
          {list.error}
        </p>
      )}
      {list.status === 'ready' && list.members.length === 0 && (
        <p className="workspace-empty" data-testid="online-empty">
          No members are online right now.
        </p>
      )}
      {list.status === 'ready' && list.members.length > 0 && (
        <ul className="workspace-list">
          {list.members.map((member) => {
            const status = statuses[member.userid];
            const busy = status?.state === 'sending';
            return (
              <li
                key={member.userid}
                className="workspace-row"
                data-testid="online-member"
                data-userid={member.userid}
              >
                <MemberAvatar photourl={member.photourl} name={member.nickname} />
                <span className="workspace-who">
                  <strong>{member.nickname}</strong>
                  <span className="workspace-sub">
                    ID: {member.userid}
                    {member.visible ? ' · active now' : ''}
                  </span>
                  {status && (
                    <span
                      className={`workspace-status status-${status.state}`}
                      data-testid="invite-status"
                      role={status.state === 'failed' ? 'alert' : 'status'}
                    >
                      {statusText(status)}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  data-testid="invite-member"
                  disabled={busy}
                  onClick={() => void invite(member.userid)}
                >
                  {status && status.state !== 'failed' && status.state !== 'sending'
                    ? 'Invite again'
                    : 'Invite'}
                </button>
                <ChatInviteButton userid={member.userid} nickname={member.nickname} />
                <ChatInviteButton
                  userid={member.userid}
                  nickname={member.nickname}
                  inviteType={INVITE_TYPE_CAM}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function MemberAvatar({ photourl, name }: { photourl: string; name: string }) {
  return photourl ? (
    <img className="workspace-avatar" src={photourl} alt="" width={44} height={44} />
  ) : (
    <span className="workspace-avatar workspace-avatar-empty" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
