export { NoticeService } from './notices';
export { noticeRoutes } from './routes';
