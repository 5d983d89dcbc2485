/**
 * The opener's overlay while the purchase popup is open (spec 000 §2): 'Don't see the secure
 * payment browser?' with Click Me and a close x. A modal <dialog>, so it sits above any dialog
 * already open (the show or booking dialog that said credits are short).
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { PurchaseText } from '../../../protocol/payments/payments';
import { useQuietMoment } from '../../state/quiet-moment';
import { focusPurchase, hidePurchaseOverlay, purchaseState } from './purchase';
import './purchase-overlay.css';

export function PurchaseOverlay() {
  const { overlay } = useSnapshot(purchaseState);
  return overlay ? <Overlay /> : null;
}

function Overlay() {
  // The checkout is open: no invitation bubble until it is done.
  useQuietMoment('payment');
  const ref = useRef<HTMLDialogElement>(null);
  const clickMe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first button (the x); Enter should bring the popup back instead.
    clickMe.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="purchase-overlay"
      aria-label={PurchaseText.overlay}
      data-testid="purchase-overlay"
      onCancel={(event) => {
        event.preventDefault();
        hidePurchaseOverlay();
      }}
    >
      <button
        type="button"
        className="purchase-overlay-close"
        aria-label="Close"
        onClick={hidePurchaseOverlay}
      >
        ×
      </button>
      <p className="purchase-overlay-text">{PurchaseText.overlay}</p>
      <button ref={clickMe} type="button" className="btn btn-primary" onClick={focusPurchase}>
        {PurchaseText.clickMe}
      </button>
    </dialog>
  );
}
