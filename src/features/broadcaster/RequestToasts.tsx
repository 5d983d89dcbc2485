/**
 * Her studio's toasts for requests that just arrived: who asks and for what, with Accept (a
 * One-on-One) and View. The shell's toasts carry no buttons; these share their look. They sit on
 * the workspace's toast column (toast-host.ts), so they show while another section hides the studio.
 */
import { createPortal } from 'react-dom';
import type { IncomingRequest } from '../../../protocol/realtime';
import { CloseIcon } from '../../app/layout/icons';
import { requestToastText } from './request-alerts';
import { workspaceToastHost } from './toast-host';

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
  if (requests.length === 0) return null;
  return createPortal(
    <div className="toast-group" data-testid="request-toasts">
      {requests.map((request) => (
        <div key={request.invitation_id} className="toast toast-info" role="status">
          <span>{requestToastText(request)}</span>
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
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => onDismiss(request)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>,
    workspaceToastHost(),
  );
}
