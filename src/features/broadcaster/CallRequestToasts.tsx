/**
 * A member's new call request, as a toast on any section of her workspace: who asks, for which kind
 * of call, and a link to her Calls section where she answers it. The workspace mounts this once; it
 * holds the one listener for the notice (call-service/lady/request-notices.ts).
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { CloseIcon } from '../../app/layout/icons';
import {
  callRequestState,
  dismissCallRequest,
  listenForCallRequests,
} from '../call-service/lady/request-notices';
import { callRequestText } from '../call-service/lady/rules';
import { workspaceToastHost } from './toast-host';
import { sectionHref } from './workspace-sections';

export function CallRequestToasts() {
  useEffect(listenForCallRequests, []);
  const { notices } = useSnapshot(callRequestState);
  if (notices.length === 0) return null;
  return createPortal(
    <div className="toast-group" data-testid="call-request-toasts">
      {notices.map((order) => (
        <div key={order.ref_no} className="toast toast-info" role="status">
          <span>{callRequestText(order)}</span>
          <Link
            to={sectionHref({ id: 'calls' })}
            className="btn btn-primary btn-small"
            onClick={() => dismissCallRequest(order.ref_no)}
          >
            View
          </Link>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => dismissCallRequest(order.ref_no)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>,
    workspaceToastHost(),
  );
}
