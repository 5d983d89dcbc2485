import { type HangoutSlot, HangoutStatus } from '../../../protocol/hangouts/hangout';

/** What a slot shows while nobody is on camera in it. */
export function slotWords(slot: HangoutSlot): string {
  const name = slot.anchorData?.nickname ?? '';
  switch (slot.status.type) {
    case HangoutStatus.inviting:
      return `${name} is invited`;
    case HangoutStatus.knocking:
      return `${name} is knocking`;
    case HangoutStatus.accept:
    case HangoutStatus.countback:
      return `${name} joins in ${slot.status.data.seconds ?? ''}`.trim();
    case HangoutStatus.refuse:
      return `${name} was not let in`;
    case HangoutStatus.leaved:
      return `${name} left`;
    case HangoutStatus.common:
      return `${name} did not come`;
    default:
      return 'A free place';
  }
}
