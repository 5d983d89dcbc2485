/** Care's unread answers (the footer's badge); kept by ./unread, which loads after first paint. */
import { proxy } from 'valtio';

export const careState = proxy({ unread: 0 });
