/**
 * The sections of her workspace besides the studio: each mounts its panels only while it is chosen,
 * so each is a short page that reads only its own data. (BroadcasterPage keeps her studio and her
 * live chats mounted; the live chats show above the Messages section's panels.) Media has its own
 * tab row: her album, shots and premium videos each show alone.
 */
import { useLocation } from '@tanstack/react-router';

import { LadyAlbumPanel } from '../albums/LadyAlbumPanel';
import { LadyBookings } from '../booking/LadyBookings';
import { LadyCallsSection } from '../call-service/lady/LadyCallsSection';
import { LadyMailPanel } from '../mail/lady/LadyMailPanel';
import { LadyPremiumVideosPanel } from '../premium-videos/lady/LadyPremiumVideosPanel';
import { LadySayHiPanel } from '../sayhi/lady/LadySayHiPanel';
import { LadyShotsPanel } from '../shots/lady/LadyShotsPanel';
import { LadyShowsPanel } from '../shows/lady/LadyShowsPanel';
import { MessagesPanel } from './MessagesPanel';
import { TabRow } from './TabRow';
import { MEDIA_PARTS, mediaHref, mediaOf, type SectionId } from './workspace-sections';

/** The panels of the section chosen (the studio's are BroadcasterPage's own). */
export function SectionPanels({ section }: { section: SectionId }) {
  switch (section) {
    case 'messages':
      return <MessagesSection />;
    case 'mail':
      return <LadyMailPanel />;
    case 'bookings':
      return <BookingsSection />;
    case 'calls':
      return <LadyCallsSection />;
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

const MEDIA_TABS = MEDIA_PARTS.map((part) => ({ ...part, href: mediaHref(part) }));

function MediaSection() {
  const part = useLocation({ select: (l) => mediaOf(l.pathname) ?? 'album' });
  return (
    <>
      <TabRow label="Media" tabs={MEDIA_TABS} active={part} testIdPrefix="media-tab" />
      {part === 'album' && <LadyAlbumPanel />}
      {part === 'shots' && <LadyShotsPanel />}
      {part === 'premium-videos' && <LadyPremiumVideosPanel />}
    </>
  );
}
