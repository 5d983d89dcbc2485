/**
 * What a page shows when it could not open (its loader's data or its code could not be reached):
 * the one offline text and Retry (ErrorRetry), which tries again by itself once the network is
 * back. Every route's error component (router.ts), so no page is left failed after a lost network.
 */
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { unreachableText } from '../../api/http';
import { ErrorRetry } from './ErrorRetry';

/** A chunk that failed to load stays failed in this page's memory: only a reload fetches it again. */
const codeMissing = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|preload CSS|module script failed|Importing a module script/i.test(
    error.message,
  );

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const missing = codeMissing(error);
  const retry = () => (missing ? window.location.reload() : void router.invalidate());
  return (
    <div className="page">
      <ErrorRetry
        message={error instanceof Error && !missing ? error.message : unreachableText()}
        onRetry={retry}
      />
    </div>
  );
}
