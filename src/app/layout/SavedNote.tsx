/**
 * Above a copy kept on this device, shown because the network is away: the one offline text and
 * when the copy was saved. Once the network is back the page loads afresh by itself (`onRefresh`).
 */
import { Messages } from '../../../protocol/errors';
import { savedLabel } from '../time/format';
import { useOnline, useWhenOnline } from '../use-online';

export function SavedNote({
  savedAt,
  onRefresh,
  testId = 'saved-note',
}: {
  /** When the copy was saved, in ms. */
  savedAt: number;
  onRefresh: () => void;
  testId?: string;
}) {
  const online = useOnline();
  useWhenOnline(true, onRefresh);
  return (
    <p className="offline-note" role="status" data-testid={testId}>
      {online ? Messages.badNetwork : Messages.offline} {savedLabel(savedAt)}.
    </p>
  );
}
