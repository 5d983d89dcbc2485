/** Where Chat Now opens the chat (the shell's links load this without the chat's other rules). */
export interface WindowTraits {
  /** (pointer: fine) matches. */
  finePointer: boolean;
  /** The screen's width in CSS pixels. */
  screenWidth: number;
  /** The installed app ((display-mode: standalone)). */
  installed: boolean;
}

/** Spec 000 §2: on a desktop the chat opens in its 980x750 window; on a phone or in the app, in place. */
export const opensInWindow = (t: WindowTraits) => t.finePointer && t.screenWidth >= 1024 && !t.installed;
