/**
 * The member's show events: a cancelled show's refund (imMan/showCancelNotice) tells him where his
 * credits went and reloads the lists on screen. Installed while a show page is mounted.
 */
import { useEffect } from 'react';
import { SHOW_CANCEL_ROUTE, type ShowCancelNotice } from '../../../protocol/shows/shows';
import { onRealtime } from '../../app/realtime-later';
import { showToast } from '../../state/ui';
import { showsChanged } from './store';

export function useShowEvents() {
  useEffect(
    () =>
      onRealtime((realtime) =>
        realtime.on<ShowCancelNotice>(SHOW_CANCEL_ROUTE, (notice) => {
          showsChanged();
          showToast(
            `${notice.anchor_nickname} cancelled "${notice.show_title}". Your ticket was refunded.`,
            'info',
          );
        }),
      ),
    [],
  );
}
