/**
 * A member's new call request, as a toast on any section of her workspace: who asks, for which kind
 * of call, and a link to her Calls section where she answers it. The workspace mounts this once; it
 * holds the one listener for the notice (call-service/lady/request-notices.ts), which also keeps
 * her Calls tab's count.
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import {
  callRequestState,
  dismissCallRequest,
  listenForCallRequests,
} from '../call-service/lady/request-notices';
import { callRequestText } from '../call-service/lady/rules';
import { WorkspaceToastGroup } from './WorkspaceToastGroup';
import { sectionHref } from './workspace-sections';

export function CallRequestToasts() {
  useEffect(listenForCallRequests, []);
  const { notices } = useSnapshot(callRequestState);
  return (
    <WorkspaceToastGroup
      testId="call-request-toasts"
      toasts={notices.map((order) => ({
        key: order.ref_no,
        text: callRequestText(order),
        actions: (
          <Link
            to={sectionHref({ id: 'calls' })}
            className="btn btn-primary btn-small"
            onClick={() => dismissCallRequest(order.ref_no)}
          >
            View
          </Link>
        ),
        onDismiss: () => dismissCallRequest(order.ref_no),
      }))}
    />
  );
}
