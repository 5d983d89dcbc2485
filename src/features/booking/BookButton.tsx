/** The profile's Book One-on-One button: opens the booking popup (spec 001 §2). */
import { useState } from 'react';
import { whenShown } from '../../app/after-paint';

// Its code (slots, phone check, the payment confirmation) loads when a finger or the pointer nears the button.
const BookingPopup = whenShown(() => import('./BookingPopup').then((m) => m.BookingPopup));

export function BookOneOnOneButton({
  anchorId,
  nickname,
  className,
  testId = 'action-book-one-on-one',
}: {
  anchorId: string;
  nickname: string;
  className: string;
  /** The state table's button keeps its action test id; the extra one (live/online) has its own. */
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        onPointerEnter={BookingPopup.preload}
        onTouchStart={BookingPopup.preload}
        onFocus={BookingPopup.preload}
        onClick={() => setOpen(true)}
      >
        Book One-on-One
      </button>
      {open && <BookingPopup anchorId={anchorId} nickname={nickname} onClose={() => setOpen(false)} />}
    </>
  );
}
