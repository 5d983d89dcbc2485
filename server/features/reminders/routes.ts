/** The unread counters behind the reminders (spec 002 §7 "Unread and notices"). */
import { ReminderApi } from '../../../protocol/reminders/reminders';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const reminderRoutes = [
  defineRoute({
    path: ReminderApi.getTotalUnreadNum,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.reminders.totalUnread(ctx.caller.userid),
  }),
  defineRoute({
    path: ReminderApi.getScheduleListNoReadNum,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.reminders.scheduleNoRead(ctx.caller.userid),
  }),
];
