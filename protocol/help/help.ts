/**
 * Facts the help pages quote (spec 002 §1 and §9 "Pricing"; spec 001 §9). Values that another
 * module already owns (One-on-One per minute, booking deposit, message length) are imported by the
 * help content from there; only the spec's numbers nobody else declares live here, in one object so
 * that no name clashes with a feature that later takes one over.
 */
export const HelpFacts = {
  /** Premium public broadcast: at most 6 viewers, billed 0.05 credits per minute. */
  premiumPublicMaxViewers: 6,
  premiumPublicCreditPerMinute: 0.05,
  /** The first 3 outgoing private messages to each broadcaster are free (then a configured charge). */
  freePrivateMessages: 3,
  /** A reply price of 0.8 credit or 1 stamp is stated by the spec. */
  replyCredits: 0.8,
  replyStamps: 1,
  /** 1 stamp to send or read a mail; 1 stamp per paid attachment added or viewed. */
  mailStamps: 1,
  /** Stamps save up to 50% on mails. */
  stampSavingPercent: 50,
  /** Photo view: 0.8 credit or 1 stamp; video watch: 1.6 credits or 2 stamps. */
  photoCredits: 0.8,
  photoStamps: 1,
  videoCredits: 1.6,
  videoStamps: 2,
  /** A scheduled One-on-One requested by mail saves up to 30%. */
  scheduleByMailSavingPercent: 30,
  /** A call reservation fee is 1 credit. */
  callReservationCredits: 1,
  /** Letter popup message limit. */
  letterMaxChars: 600,
} as const;

/** The FAQ's categories, in the order of /howitwork/faq/:index (0 is the first). */
export const HELP_FAQ_DEFAULT_INDEX = 0;
