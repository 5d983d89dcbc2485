/**
 * A load that failed: what went wrong and a way to try again (the pages' one pattern for it, in
 * one style). A load that failed for want of network tries again by itself once it is back.
 */
import { useWhenOnline } from '../use-online';

export function ErrorRetry({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => void;
  testId?: string;
}) {
  useWhenOnline(true, onRetry);
  return (
    <div className="error-state" role="alert" data-testid={testId}>
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
