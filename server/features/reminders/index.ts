export { ReminderService } from './reminders';
export { reminderRoutes } from './routes';
