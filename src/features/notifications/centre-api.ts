/** The notification centre's calls (protocol/notices/notices.ts NoticeApi). */
import { NoticeApi, type NoticeList } from '../../../protocol/notices/notices';
import { call } from '../../api/http';

export const getNoticeList = () => call<NoticeList>(NoticeApi.list);
export const setNoticeQuiet = (minutes: 0 | 60) =>
  call<{ quiet_until: number }>(NoticeApi.quiet, { minutes });
export const markNoticeRead = (keys: readonly string[]) =>
  call<{ keys: string[] }>(NoticeApi.read, { keys: keys.join(',') });
