/**
 * Care's unread answers for the footer's badge: read once after sign-in, then kept by the socket's
 * CARE_ANSWER_EVENT and by the thread page (opening a thread reads it).
 */
import { CARE_ANSWER_EVENT, type CareAnswerNotice, CareApi } from '../../../protocol/care/care';
import { call } from '../../api/http';
import { onRealtime } from '../../app/realtime-later';
import { careState } from './unread-state';

let started = false;

/** Starts following his unread count (once per page); members only. */
export function followCareUnread(): void {
  if (started) return;
  started = true;
  call<{ unread: number }>(CareApi.unread).then(
    (d) => {
      careState.unread = d.unread;
    },
    () => undefined,
  );
  // The socket's code loads after the first paint; the footer never waits for it.
  onRealtime((realtime) =>
    realtime.on<Partial<CareAnswerNotice> | undefined>(CARE_ANSWER_EVENT, (notice) => {
      if (typeof notice?.unread === 'number') careState.unread = notice.unread;
    }),
  );
}
