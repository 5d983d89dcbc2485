/**
 * The introduce-service line: a short introduction of what the scene offers, at most
 * INTRODUCE_MAX_PER_DAY shows a day per scene (rules.ts); closing it ends the scene's shows for the
 * day. It sits in the page's flow, so it never covers a room, a dialog or what he is doing.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { IntroduceScene } from '../../../protocol/offers/offers';
import { userState } from '../../state/user';
import { introduceAllowed, introduceClosed, introduceShown } from './rules';
import { readRecord, writeRecord } from './store';
import './offers.css';

const TEXT: Record<IntroduceScene, string> = {
  index: 'Tap a broadcaster to watch her live, chat face to face or book a One-on-One.',
  indexVideo: 'Premium videos: buy once, watch again whenever you like.',
  chat: 'Live chat: talk face to face; a chat voucher pays the first minutes.',
  nav: 'Your backpack holds vouchers and gifts to use in rooms and chats.',
  live: 'In her room: send a gift, chat with everyone, or invite her to One-on-One.',
};

export function ServiceIntro({ scene }: { scene: IntroduceScene }) {
  const { me } = useSnapshot(userState);
  const memberId = me?.role === 'man' ? me.userid : '';
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!memberId) return;
    const record = readRecord('introduce', memberId);
    if (!introduceAllowed(record, scene, Date.now())) return;
    writeRecord('introduce', memberId, introduceShown(record, scene, Date.now()));
    setOpen(true);
  }, [memberId, scene]);

  if (!open) return null;
  const close = () => {
    writeRecord('introduce', memberId, introduceClosed(readRecord('introduce', memberId), scene, Date.now()));
    setOpen(false);
  };
  return (
    <aside className="card service-intro" aria-label="About this page" data-testid={`service-intro-${scene}`}>
      <p>{TEXT[scene]}</p>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={close}
        aria-label="Close the introduction"
      >
        Close
      </button>
    </aside>
  );
}
