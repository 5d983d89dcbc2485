/** What a stand-in phone's card says: whose phone it is, and where its call stands. */
import type { StandInPhone } from '../../../protocol/call-service/call-service';

export function phoneTitle(phone: Pick<StandInPhone, 'role' | 'owner'>): string {
  if (phone.role === 'member') return `His phone (${phone.owner})`;
  if (phone.role === 'anchor') return `Her phone (${phone.owner})`;
  return "The translator's phone";
}

export function phoneStateText(phone: StandInPhone): string {
  if (phone.state === 'ringing') return 'Ringing…';
  if (phone.bridged === 1) return 'Talking';
  if (phone.role === 'member')
    return phone.pressed.includes('1') ? 'Connecting her…' : 'Answered: press 1 to be connected';
  return 'Answered: waiting for the others';
}
