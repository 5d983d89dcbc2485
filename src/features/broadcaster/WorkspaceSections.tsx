/**
 * The sections of her workspace besides the studio: each mounts its panels only while it is chosen,
 * so each is a short page that reads only its own data. (BroadcasterPage keeps her studio and her
 * live chats mounted; the live chats show above the Messages section's panels.)
 */

import { LadyAlbumPanel } from '../albums/LadyAlbumPanel';
import { LadyBookings } from '../booking/LadyBookings';
import { LadyMailPanel } from '../mail/lady/LadyMailPanel';
import { LadyPremiumVideosPanel } from '../premium-videos/lady/LadyPremiumVideosPanel';
import { LadySayHiPanel } from '../sayhi/lady/LadySayHiPanel';
import { LadyShotsPanel } from '../shots/lady/LadyShotsPanel';
import { LadyShowsPanel } from '../shows/lady/LadyShowsPanel';
import { MessagesPanel } from './MessagesPanel';
import type { SectionId } from './workspace-sections';

/** The panels of the section chosen (the studio's are BroadcasterPage's own). */
export function SectionPanels({ section }: { section: SectionId }) {
  switch (section) {
    case 'messages':
      return <MessagesSection />;
    case 'mail':
      return <LadyMailPanel />;
    case 'bookings':
      return <BookingsSection />;
    case 'media':
      return <MediaSection />;
    case 'studio':
      return null;
  }
}

function MessagesSection() {
  return (
    <>
      <MessagesPanel />
      <LadySayHiPanel />
    </>
  );
}

function BookingsSection() {
  return (
    <>
      <LadyBookings />
      <LadyShowsPanel />
    </>
  );
}

function MediaSection() {
  return (
    <>
      {/* Side by side on a wide screen: three long panels stacked would make a long page. */}
      <div className="workspace-columns">
        <LadyPremiumVideosPanel />
        <LadyAlbumPanel />
      </div>
      <LadyShotsPanel />
    </>
  );
}
