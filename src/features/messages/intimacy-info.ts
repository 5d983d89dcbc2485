/**
 * What the member is shown about Intimacy (the profile's section, the popup, the conversation he
 * cannot write in yet): what earns it, from the one table in protocol (INTIMACY_GAIN), and what
 * the next level unlocks.
 */
import {
  INTIMACY_GAIN,
  INTIMACY_PRIVILEGES,
  type IntimacySource,
  WATCH_MIN_MINUTES,
} from '../../../protocol/messages/messages';

const EARN_TEXT: Record<IntimacySource, string> = {
  freeRoomMinute: `each minute watching her public broadcast or her show (from ${WATCH_MIN_MINUTES} minutes)`,
  premiumRoomMinute: 'each minute in her premium room',
  oneOnOneMinute: 'each minute of One-on-One',
  hangoutMinute: 'each minute of a hang-out with her',
  liveChatMinute: 'each minute of Live Chat',
  mail: 'each mail you send her',
  gift: 'each gift with a booking she accepts',
  showTicket: 'a ticket to her show',
  sayHiAnswered: 'a Say Hi she answers',
  freeMessage: 'each free message (from Level 1)',
  paidMessage: 'each paid message (from Level 1)',
  herMessage: 'each message she sends you',
};

export interface EarnLine {
  source: IntimacySource;
  text: string;
  experience: number;
}

/** Every way to earn, most experience first (messages last: they need Level 1 already). */
export function earnLines(): EarnLine[] {
  const messages: IntimacySource[] = ['freeMessage', 'paidMessage', 'herMessage'];
  const all = (Object.keys(INTIMACY_GAIN) as IntimacySource[]).map((source) => ({
    source,
    text: EARN_TEXT[source],
    experience: INTIMACY_GAIN[source],
  }));
  const first = all.filter((l) => !messages.includes(l.source)).sort((a, b) => b.experience - a.experience);
  return [...first, ...all.filter((l) => messages.includes(l.source))];
}

/** What reaching the next level unlocks; undefined at the top. */
export function nextUnlock(level: number): string | undefined {
  return INTIMACY_PRIVILEGES.find((p) => p.level === level + 1)?.text;
}
