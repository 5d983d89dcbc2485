/**
 * Her studio: everything she works with while live — her One-on-One, hang-outs, her camera and
 * room, gifts received, members online to invite and the requests they send her.
 */

import { LadyHangoutPanel } from '../hangout/LadyHangoutPanel';
import { GoLivePanel } from '../live/GoLivePanel';
import { OneOnOnePanel } from '../live/OneOnOnePanel';
import { ReceivedGifts } from '../live/ReceivedGifts';
import { IncomingRequests } from './IncomingRequests';
import { OnlineMembers } from './OnlineMembers';

export interface StudioEvents {
  /** She entered or left a One-on-One (known here at once, before her profile says so). */
  onOneOnOneChange: (inRoom: boolean) => void;
  /** She went live or ended her room: her status line reads her profile again. */
  onLiveChange: () => void;
}

export function StudioSection({ onOneOnOneChange, onLiveChange }: StudioEvents) {
  return (
    <>
      <OneOnOnePanel onActiveChange={onOneOnOneChange} />
      <LadyHangoutPanel />
      <GoLivePanel onLiveChange={onLiveChange} />
      <ReceivedGifts />
      <div className="workspace-grid">
        <OnlineMembers />
        <IncomingRequests />
      </div>
    </>
  );
}
