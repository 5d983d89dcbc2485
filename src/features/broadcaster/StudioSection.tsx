/**
 * Her studio: everything she works with while live on one screen. Her camera (or her One-on-One)
 * with its LIVE badge, timer and room line, the room's chat and who is watching beside it; a strip
 * with what she is earning and the requests members send; below, hang-outs, gifts received and the
 * members online to invite.
 */

import { useRef, useState } from 'react';
import { LadyHangoutPanel } from '../hangout/LadyHangoutPanel';
import { GoLivePanel } from '../live/GoLivePanel';
import { OneOnOnePanel } from '../live/OneOnOnePanel';
import { ReceivedGifts } from '../live/ReceivedGifts';
import { EarningsStrip } from './EarningsStrip';
import { IncomingRequests } from './IncomingRequests';
import { OnlineMembers } from './OnlineMembers';
import './studio.css';

export interface StudioEvents {
  /** She entered or left a One-on-One (known here at once, before her profile says so). */
  onOneOnOneChange: (inRoom: boolean) => void;
  /** She went live or ended her room: her status line reads her profile again. */
  onLiveChange: () => void;
}

export function StudioSection({ onOneOnOneChange, onLiveChange }: StudioEvents) {
  const [live, setLive] = useState(false);
  const [inOneOnOne, setInOneOnOne] = useState(false);
  // Her session runs from going live (or into a One-on-One) until she is off air again; a One-on-One
  // that takes her out of her room belongs to the session it interrupted.
  const [sessionSince, setSessionSince] = useState<number | null>(null);
  const [oneOnOnesEnded, setOneOnOnesEnded] = useState(0);
  const onAir = useRef({ live: false, inOneOnOne: false });
  const begins = (on: boolean) => {
    if (on && !onAir.current.live && !onAir.current.inOneOnOne) setSessionSince(Date.now());
  };

  return (
    <div
      className={`studio${live || inOneOnOne ? ' studio-on-air' : ''}${inOneOnOne ? ' studio-one-on-one' : ''}`}
      data-testid="studio"
    >
      <div className="studio-stage">
        <OneOnOnePanel
          onActiveChange={(inRoom) => {
            begins(inRoom);
            if (onAir.current.inOneOnOne && !inRoom) setOneOnOnesEnded((n) => n + 1);
            onAir.current.inOneOnOne = inRoom;
            setInOneOnOne(inRoom);
            onOneOnOneChange(inRoom);
          }}
        />
        <GoLivePanel
          inOneOnOne={inOneOnOne}
          onLiveChange={(on) => {
            begins(on);
            onAir.current.live = on;
            setLive(on);
            onLiveChange();
          }}
        />
      </div>
      <aside className="studio-strip" aria-label="Earnings and requests">
        {/* Read again as a One-on-One begins (its request's hold is in) and as it ends. */}
        <EarningsStrip
          sinceMs={sessionSince}
          active={live || inOneOnOne}
          reloadKey={`${oneOnOnesEnded}:${inOneOnOne}`}
        />
        <IncomingRequests />
      </aside>
      <div className="studio-more">
        <LadyHangoutPanel />
        <ReceivedGifts />
        <OnlineMembers />
      </div>
    </div>
  );
}
