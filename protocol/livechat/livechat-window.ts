/**
 * Spec 000 §2, §9: livechat.html?anchorid= opens in a 980x750 window. Apart from livechat.ts so
 * that Chat Now in the app's shell does not carry the whole live-chat protocol into every page.
 */
export const LIVECHAT_WINDOW = { width: 980, height: 750 } as const;
export const LIVECHAT_PAGE = '/livechat.html';
