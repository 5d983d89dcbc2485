/**
 * The Home page's schedule notice (spec 002 §3 "Schedule notice counts: sch_num, sch_time"): his
 * confirmed One-on-Ones starting within SCHEDULE_NOTICE_WITHIN_S, the soonest one's time, and the
 * way to them. Nothing shows when there is none, or when the count cannot load (it is a hint).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  ReminderApi,
  ReminderTexts,
  type ScheduleListNoReadNum,
} from '../../../protocol/reminders/reminders';
import { call } from '../../api/http';
import { When } from '../../app/time/When';

export function ScheduleNotice() {
  const [counts, setCounts] = useState<ScheduleListNoReadNum>();
  useEffect(() => {
    let live = true;
    call<ScheduleListNoReadNum>(ReminderApi.getScheduleListNoReadNum).then(
      (c) => live && setCounts(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!counts || counts.sch_num < 1) return null;
  return (
    <section className="home-schedule card" data-testid="schedule-notice" aria-label="Scheduled One-on-Ones">
      <p>
        <strong>{ReminderTexts.schNotice(counts.sch_num)}</strong>
        {counts.sch_time > 0 && (
          <>
            {' '}
            · next <When seconds={counts.sch_time} />
          </>
        )}
      </p>
      <Link to="/schedule" className="btn btn-secondary btn-small">
        My schedule
      </Link>
    </section>
  );
}
