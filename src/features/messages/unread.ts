/**
 * The member's unread private-message count, on its own: the main menu's badge shows it on every
 * page and must not bring the whole messages store with it. The store and the badge both write it.
 */
import { proxy } from 'valtio';

export const pmUnread = proxy({ total: 0 });
