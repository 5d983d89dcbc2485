/** /howitwork/faq/:index: the questions members ask most, one category per index. */
import { BOOKING_DEPOSIT_MINUTES, BOOKING_SMS_BEFORE_S } from '../../../../protocol/bookings/booking';
import { MAX_PRIVATE_MESSAGE_LENGTH } from '../../../../protocol/constants';
import { HelpFacts as F } from '../../../../protocol/help/help';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../../protocol/realtime';
import { SAY_HI_MAX_WAITING } from '../../../../protocol/sayhi/sayhi';
import { credits, type FaqCategory, stamps } from './types';

export const FAQ: readonly FaqCategory[] = [
  {
    title: 'Getting started',
    items: [
      {
        q: 'What is free on Glimmer?',
        a: [
          `Watching public broadcasts, following broadcasters, Say Hi (sending it and reading the first response) and your first ${F.freePrivateMessages} private messages to each broadcaster.`,
        ],
      },
      {
        q: 'Can I use Glimmer without a network?',
        a: [
          'Yes, once you have opened it on this device. Install it from your browser menu; the pages you have seen, your balances, your Say Hi lists and these help pages open offline.',
        ],
      },
      {
        q: 'Why was I signed out?',
        a: ['Your account signed in on another device. One device at a time keeps your account safe.'],
      },
    ],
  },
  {
    title: 'Credits and stamps',
    items: [
      {
        q: 'What do services cost?',
        a: [
          {
            list: [
              `One-on-One: ${credits(ONE_ON_ONE_CREDIT_PER_MINUTE)} per minute.`,
              `Premium public broadcast: ${credits(F.premiumPublicCreditPerMinute)} per minute, at most ${F.premiumPublicMaxViewers} viewers.`,
              `Mail: ${stamps(F.mailStamps)} to send or read.`,
              `Private photo: ${credits(F.photoCredits)} or ${stamps(F.photoStamps)}; private video: ${credits(F.videoCredits)} or ${stamps(F.videoStamps)}.`,
            ],
          },
        ],
      },
      {
        q: 'Which is used first, stamps or credits?',
        a: ['Post stamps, when you have enough. Otherwise credits; otherwise you are offered to buy more.'],
      },
      {
        q: 'Can I get a refund for a show ticket?',
        a: [
          'Tickets are refundable only if the show is cancelled. The refund returns to your credits at once.',
        ],
      },
    ],
  },
  {
    title: 'Messages and Say Hi',
    items: [
      {
        q: 'How long can a private message be?',
        a: [`Up to ${MAX_PRIVATE_MESSAGE_LENGTH} characters, with emoticons.`],
      },
      {
        q: 'Why can I not send a Say Hi?',
        a: [
          {
            list: [
              'You already sent one to this broadcaster: open it to read her response.',
              `${SAY_HI_MAX_WAITING} of your Say Hi are waiting for a reply: wait for her answer.`,
              'You have responses you have not read yet: read them first.',
              'You have no Say Hi allowance left.',
            ],
          },
        ],
      },
    ],
  },
  {
    title: 'One-on-One and bookings',
    items: [
      {
        q: 'What happens to my deposit?',
        a: [
          `When you book, a deposit covering the first ${BOOKING_DEPOSIT_MINUTES} minutes plus your gifts is held. It is refunded if she declines or does not show up.`,
        ],
      },
      {
        q: 'Will I be reminded?',
        a: [`With a verified phone number you get an SMS ${BOOKING_SMS_BEFORE_S / 60} minutes before.`],
      },
    ],
  },
];
