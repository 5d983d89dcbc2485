/**
 * What the guides say (spec 002 §2 first-visit guide wizard, the terms overlay, the small guides).
 * Kept apart from guides.ts, whose timings the shell's pop-up rule reads at start: these texts load
 * with the guides themselves, after first paint.
 */
/** Spec 002 §2: six steps, index 0 to 5. Titles are the spec's; the lines under them are ours. */
export const GUIDE_STEPS = [
  {
    title: 'Welcome',
    text: 'Glimmer is where you meet broadcasters face to face, live.',
    action: "Let's Go",
  },
  {
    title: 'Find a date',
    text: 'Discover shows who is online now. Follow the ones you like.',
    action: 'Next',
  },
  {
    title: 'Free services',
    text: 'Your first 3 messages to each broadcaster are free, and so is sending a Say Hi.',
    action: 'Next',
  },
  {
    title: 'Share via live video',
    text: 'Watch public rooms for free, or invite her to a private One-on-One.',
    action: 'Next',
  },
  {
    title: 'Hang-out',
    text: 'Join a hang-out: a broadcaster, her friends and you on camera.',
    action: 'Next',
  },
  {
    title: 'Further approach',
    text: 'Send mail, gifts and flowers, and book a time to meet again.',
    action: 'Enjoy Now',
  },
] as const;

export const GuideTexts = {
  termsTitle: 'Welcome to Glimmer',
  termsIntro: 'Before you start, please read and accept our terms.',
  termsAgree: 'I have read and agree to the',
  terms: 'Terms and Conditions',
  policy: 'Privacy Policy',
  accept: 'Accept and continue',
  termsFailed: 'We could not save your answer. Please try again.',
  guideTitle: 'Getting started',
  skip: 'Skip',
  newGuide: 'New to Glimmer? Take the 1-minute tour.',
  newGuideAction: 'Take the tour',
  broadcastIntroTitle: 'Watching a broadcast',
  broadcastIntro:
    'Public rooms are free to watch. Chat with her below the video, send a gift, or invite her to a One-on-One.',
  sayHiGuideTitle: 'Say Hi',
  sayHiGuide: 'Not sure what to write? Say Hi is free: she gets your greeting and can answer you.',
  returningTitle: 'Welcome back',
  returning: "It's been a while. Here is what is new: shows, hang-outs and live chat are waiting for you.",
  gotIt: 'Got it',
} as const;
