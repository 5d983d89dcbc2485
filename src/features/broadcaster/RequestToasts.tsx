/**
 * Her studio's toasts for requests that just arrived: who asks and for what, with Accept (a
 * One-on-One) and View. The shell's toasts carry no buttons; these share their markup (ToastList). They sit on
 * the workspace's toast column (toast-host.ts), so they show while another section hides the studio.
 */
import type { IncomingRequest } from '../../../protocol/realtime';
import { requestToastText } from './request-alerts';
import { WorkspaceToastGroup } from './WorkspaceToastGroup';

export function RequestToasts({
  requests,
  onAccept,
  onView,
  onDismiss,
}: {
  requests: readonly IncomingRequest[];
  onAccept: (request: IncomingRequest) => void;
  onView: (request: IncomingRequest) => void;
  onDismiss: (request: IncomingRequest) => void;
}) {
  return (
    <WorkspaceToastGroup
      testId="request-toasts"
      toasts={requests.map((request) => ({
        key: request.invitation_id,
        text: requestToastText(request),
        actions: (
          <>
            {request.type === 'instant' && (
              <button
                type="button"
                className="btn btn-primary btn-small"
                onClick={() => {
                  onDismiss(request);
                  onAccept(request);
                }}
              >
                Accept
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                onDismiss(request);
                onView(request);
              }}
            >
              View
            </button>
          </>
        ),
        onDismiss: () => onDismiss(request),
      }))}
    />
  );
}
