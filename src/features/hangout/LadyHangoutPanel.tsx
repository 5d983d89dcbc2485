/**
 * Her hang-outs in her workspace. As the host: the members' hang-out requests, Start hang-out (her
 * camera goes on and he is told to come in), her slots with each friend's status, her online
 * friends to invite, knocks to see and accept or refuse, the room's chat, End hang-out. As a
 * friend: an invitation (a live-room invitation while she is in a One-on-One, else a notice) to
 * knock on with her camera, then her place in the room until she leaves or it ends.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type HangoutCameraNotice,
  type HangoutEndNotice,
  HangoutEndText,
  HangoutEvent,
  type HangoutFriendItem,
  type HangoutInvitationNotice,
  type HangoutRoom,
  type HangoutSlotsNotice,
  HangoutStatus,
} from '../../../protocol/hangouts/hangout';
import type { IncomingRequest } from '../../../protocol/realtime';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { userState } from '../../state/user';
import { getIncomingRequests } from '../invites/api';
import { useStreamVideo } from '../live/camera';
import { RoomChat } from '../live/RoomChat';
import { RoomGiftFeed } from '../live/RoomGiftFeed';
import { publishCamera } from '../live/rtc';
import {
  acceptKnock,
  getHangoutFriends,
  inviteToHangout,
  knockHangout,
  ladyLeaveHangout,
  myHangout,
  refuseKnock,
  sayInHangout,
  startHangout,
} from './api';
import { cameraOwner, HangoutVideo } from './HangoutVideo';
import { slotWords } from './slot-words';
import './hangout.css';

interface Mine {
  room: HangoutRoom;
  host: boolean;
  camera: MediaStream;
  pc: RTCPeerConnection;
}

const isInvitation = (n: unknown): n is HangoutInvitationNotice =>
  typeof (n as HangoutInvitationNotice).room_id === 'string';

async function onCamera(send: (sdp: string) => Promise<{ room: HangoutRoom; sdp: string }>) {
  const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  let room: HangoutRoom | undefined;
  try {
    const pc = await publishCamera(camera, async (sdp) => {
      const answer = await send(sdp);
      room = answer.room;
      return answer.sdp;
    });
    if (!room) throw new Error('no room');
    return { room, camera, pc };
  } catch (error) {
    for (const track of camera.getTracks()) track.stop();
    throw error;
  }
}

/** His camera is for the host and for a friend once she is on camera (the server's rule too). */
function seesMember(mine: Mine, me: string): boolean {
  if (mine.host) return true;
  const status = mine.room.slots.find((s) => s.anchorData?.anchor_id === me)?.status.type;
  return status === HangoutStatus.living || status === HangoutStatus.countback;
}

export function LadyHangoutPanel() {
  const me = useSnapshot(userState).me?.userid ?? '';
  const [requests, setRequests] = useState<IncomingRequest[]>([]);
  const [invitations, setInvitations] = useState<HangoutInvitationNotice[]>([]);
  const [mine, setMine] = useState<Mine | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const mineRef = useRef<Mine | null>(null);
  mineRef.current = mine;
  const preview = useStreamVideo(mine?.camera ?? null);

  const stop = (text: string) => {
    const current = mineRef.current;
    current?.pc.close();
    for (const track of current?.camera.getTracks() ?? []) track.stop();
    setMine(null);
    setMessage(text);
  };

  useEffect(() => {
    const load = () =>
      getIncomingRequests().then(
        (list) => setRequests(list.filter((r) => r.type === 'hangout')),
        () => {},
      );
    // An invitation sent while her socket was down (a reload, a late start) is read back.
    const loadInvitation = () =>
      myHangout().then(
        ({ invitation }) => {
          if (invitation) addInvitation(invitation);
        },
        () => {},
      );
    const addInvitation = (notice: HangoutInvitationNotice) =>
      setInvitations((list) => [notice, ...list.filter((n) => n.room_id !== notice.room_id)]);
    void load();
    void loadInvitation();
    const offs = [
      realtime.onStatus((status) => {
        if (status === 'online') void loadInvitation();
      }),
      realtime.on<unknown>(HangoutEvent.invitation, (notice) => {
        if (isInvitation(notice)) addInvitation(notice);
        else void load();
      }),
      realtime.on<HangoutSlotsNotice>(HangoutEvent.slots, (notice) => {
        setMine((m) =>
          m && m.room.room_id === notice.room_id ? { ...m, room: { ...m.room, slots: notice.slots } } : m,
        );
      }),
      realtime.on<HangoutCameraNotice>(HangoutEvent.memberCamera, (notice) => {
        setMine((m) =>
          m && m.room.room_id === notice.room_id
            ? { ...m, room: { ...m.room, member: { ...m.room.member, camera: notice.camera } } }
            : m,
        );
      }),
      realtime.on<HangoutEndNotice>(HangoutEvent.end, (notice) => {
        setInvitations((list) => list.filter((n) => n.room_id !== notice.room_id));
        const current = mineRef.current;
        if (current?.room.room_id !== notice.room_id) return;
        // The whole hang-out ended, or her own part in it (refused, timed out, left).
        if (!notice.anchor_id || notice.anchor_id === me)
          stop(HangoutEndText[notice.status] ?? HangoutEndText.end);
      }),
    ];
    return () => {
      for (const off of offs) off();
      const current = mineRef.current;
      current?.pc.close();
      for (const track of current?.camera.getTracks() ?? []) track.stop();
    };
  }, [me]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage('');
    try {
      await work();
    } catch (e) {
      setMessage(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const start = (request: IncomingRequest) =>
    act(async () => {
      const got = await onCamera(async (sdp) => {
        const answer = await startHangout(request.invitation_id, sdp);
        return { room: answer, sdp: answer.sdp };
      });
      setRequests((list) => list.filter((r) => r.invitation_id !== request.invitation_id));
      setMine({ ...got, host: true });
    });
  const knock = (invitation: HangoutInvitationNotice) =>
    act(async () => {
      const got = await onCamera(async (sdp) => {
        const answer = await knockHangout(invitation.room_id, sdp);
        return { room: answer, sdp: answer.sdp };
      });
      setInvitations((list) => list.filter((n) => n.room_id !== invitation.room_id));
      setMine({ ...got, host: false });
    });
  const leave = () =>
    act(async () => {
      if (mine) await ladyLeaveHangout(mine.room.room_id);
      stop(mine?.host ? HangoutEndText.end : 'You left the hang-out.');
    });

  if (!mine && requests.length === 0 && invitations.length === 0 && !message) return null;
  return (
    <section className="panel hangout-panel" aria-labelledby="hangout-panel-title" data-testid="lady-hangout">
      <h2 id="hangout-panel-title">Hang-out</h2>
      {message && <p role="status">{message}</p>}
      {!mine &&
        requests.map((r) => (
          <div key={r.invitation_id} className="hangout-request">
            <span>{r.nickname} asks for a hang-out</span>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start(r)}>
              Start hang-out
            </button>
          </div>
        ))}
      {!mine &&
        invitations.map((n) => (
          <div key={n.room_id} className="hangout-request" data-testid="hangout-invitation">
            <span>
              {n.show_as === 'liveRoom' ? 'Live-room invitation: ' : ''}
              {n.host.nickname} invites you to her hang-out with {n.nickname}
            </span>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void knock(n)}>
              Knock
            </button>
          </div>
        ))}
      {mine && (
        <>
          <div className="hangout-grid">
            <figure className="hangout-tile">
              <video ref={preview} className="hangout-video" autoPlay playsInline muted />
              <figcaption>You</figcaption>
            </figure>
            {!mine.host && (
              <HangoutVideo
                roomId={mine.room.room_id}
                owner={cameraOwner(mine.room.anchor)}
                label={mine.room.anchor.nickname}
              />
            )}
            {mine.room.member.camera === 1 && seesMember(mine, me) && (
              <HangoutVideo
                key={`member-${mine.room.member.user_id}`}
                roomId={mine.room.room_id}
                owner={{ id: mine.room.member.user_id, nickname: mine.room.member.nickname }}
                label={mine.room.member.nickname}
              />
            )}
            {mine.room.slots
              .filter((s) => s.anchorData && s.anchorData.anchor_id !== me)
              .map((s) =>
                s.anchorData &&
                (s.status.type === HangoutStatus.living ||
                  (mine.host && s.status.type === HangoutStatus.knocking)) ? (
                  <HangoutVideo
                    key={s.index}
                    roomId={mine.room.room_id}
                    owner={cameraOwner(s.anchorData)}
                    label={s.status.type === HangoutStatus.living ? s.anchorData.nickname : slotWords(s)}
                  />
                ) : null,
              )}
          </div>
          <p>
            Hang-out with {mine.room.member.nickname}
            {mine.host ? '' : `, hosted by ${mine.room.anchor.nickname}`}
          </p>
          <ul aria-label="Places in the hang-out" data-testid="hangout-slots">
            {mine.room.slots.map((s) => (
              <li key={s.index} data-status={s.status.type} data-anchor={s.anchorData?.anchor_id ?? ''}>
                <span>
                  {s.status.type !== HangoutStatus.living
                    ? slotWords(s)
                    : s.anchorData?.anchor_id === me
                      ? 'You are on camera'
                      : `${s.anchorData?.nickname} is on camera`}
                </span>
                {mine.host && s.status.type === HangoutStatus.knocking && s.anchorData && (
                  <span>
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      data-testid={`let-in-${s.anchorData.anchor_id}`}
                      disabled={busy}
                      onClick={() =>
                        void act(
                          async () =>
                            void (await acceptKnock(mine.room.room_id, s.anchorData?.anchor_id ?? '')),
                        )
                      }
                    >
                      Let {s.anchorData.nickname} in
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn-small"
                      data-testid={`refuse-${s.anchorData.anchor_id}`}
                      disabled={busy}
                      onClick={() =>
                        void act(
                          async () =>
                            void (await refuseKnock(mine.room.room_id, s.anchorData?.anchor_id ?? '')),
                        )
                      }
                    >
                      Refuse
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {mine.host && (
            <InviteFriends
              anchorId={me}
              roomId={mine.room.room_id}
              inRoom={mine.room.slots.flatMap((s) =>
                s.anchorData && !s.status.data.end_status ? [s.anchorData.anchor_id] : [],
              )}
              onError={setMessage}
            />
          )}
          <RoomGiftFeed roomId={mine.room.room_id} />
          <RoomChat roomId={mine.room.room_id} say={(text) => sayInHangout(mine.room.room_id, text)} />
          <button type="button" className="btn" disabled={busy} onClick={() => void leave()}>
            {mine.host ? 'End hang-out' : 'Leave the hang-out'}
          </button>
        </>
      )}
    </section>
  );
}

/** Her friends online now, each with Invite (the server puts her in a free place). */
function InviteFriends({
  anchorId,
  roomId,
  inRoom,
  onError,
}: {
  anchorId: string;
  roomId: string;
  /** Friends invited, knocking or on camera now: not invited again. */
  inRoom: string[];
  onError: (t: string) => void;
}) {
  const [friends, setFriends] = useState<HangoutFriendItem[]>([]);
  useEffect(() => {
    getHangoutFriends(anchorId).then(
      (list) => setFriends(list.filter((f) => f.online_status === 2)),
      (e: unknown) => onError(errorText(e)),
    );
  }, [anchorId, onError]);
  if (friends.length === 0) return <p>None of your friends is online to invite now.</p>;
  return (
    <div>
      <h3>Invite your friends</h3>
      <ul aria-label="Your friends online">
        {friends.map((f) => (
          <li key={f.anchor_id}>
            <span>{f.nickname}</span>
            <button
              type="button"
              className="btn btn-small"
              data-testid={`invite-${f.anchor_id}`}
              disabled={inRoom.includes(f.anchor_id)}
              onClick={() =>
                inviteToHangout(roomId, f.anchor_id).catch((e: unknown) => onError(errorText(e)))
              }
            >
              Invite {f.nickname}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
