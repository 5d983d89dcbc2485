/** Where the locally drawn images are served (the HTTP layer maps these to the SVG functions). */
export const portraitUrl = (userid: string) => `/media/portrait/${userid}.svg`;
export const coverUrl = (userid: string) => `/media/cover/${userid}.svg`;
export const giftUrl = (giftid: string) => `/media/gift/${giftid}.svg`;
export const showCoverUrl = (liveShowId: string) => `/media/show/${liveShowId}.svg`;
