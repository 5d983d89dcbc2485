/** The Blocked invitations list's one rule that is not markup: what an unblock leaves behind. */
import type { InviteBlock } from '../../../protocol/livechat/livechat-invites';

/**
 * The list without her, and whose Unblock takes the focus so a keyboard user stays in the list:
 * the next row's, else the previous row's, else none (the section's summary then).
 */
export function withoutBlock(
  list: readonly InviteBlock[],
  anchorId: string,
): { list: InviteBlock[]; focus?: string } {
  const at = list.findIndex((b) => b.anchor_id === anchorId);
  if (at < 0) return { list: [...list] };
  const rest = list.filter((_, i) => i !== at);
  return { list: rest, focus: (rest[at] ?? rest[at - 1])?.anchor_id };
}
