/** Follow / Following: optimistic, rolled back with the server's message when the call fails. */
import { useState } from 'react';
import type { Flag } from '../../../protocol/types';
import { errorText } from '../../api/use-request';
import { HeartIcon } from '../../app/layout/icons';
import { showToast } from '../../state/ui';
import { setFavorite } from '../discover/api';

export function FollowToggle({
  anchorId,
  initial,
  testId = 'follow-toggle',
}: {
  anchorId: string;
  initial: Flag;
  /** Cards that carry one each (the recommended carousel) name theirs apart from the profile's own. */
  testId?: string;
}) {
  const [following, setFollowing] = useState(initial === 1);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    const next = !following;
    setFollowing(next);
    setBusy(true);
    try {
      const answer = await setFavorite(anchorId, next ? 1 : 0);
      if (answer && (answer.is_follow === 0 || answer.is_follow === 1)) setFollowing(answer.is_follow === 1);
    } catch (error) {
      setFollowing(!next);
      showToast(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={following ? 'btn btn-secondary follow following' : 'btn btn-primary follow'}
      data-testid={testId}
      aria-pressed={following}
      disabled={busy}
      onClick={toggle}
    >
      <HeartIcon filled={following} />
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
