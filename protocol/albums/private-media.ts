/**
 * A broadcaster's private photos and videos (her shots and album items marked private): who may see
 * them, and the texts a member reads when he may not (spec 001 §6).
 */

/** Intimacy Level privileges (spec 001 §6): 2 opens her private photos and videos. */
export const PRIVATE_MEDIA_INTIMACY_LEVEL = 2;

export const PrivateMediaTexts = {
  /** A private item seen outside her room by a member below PRIVATE_MEDIA_INTIMACY_LEVEL. */
  intimacy: (name: string) =>
    `This photo/video requires Intimacy Level 2 or above with the broadcaster ${name}.`,
  /** A private item that is only shown in her broadcast room. */
  roomOnly: (name: string) => `This photo/video can only be viewed in ${name}'s broadcast room.`,
} as const;
