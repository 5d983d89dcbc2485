/**
 * "Add credits" wherever credits are short: a link to the add-credit page (so it can be opened in
 * a tab or copied) that opens the purchase popup when clicked.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { configState } from '../../state/config';
import { addCreditUrl } from './add-credit-url';
import { type PendingAction, purchaseFor } from './pending-action';
import type { PurchaseOptions } from './purchase';

export function AddCreditsLink({
  clickFrom,
  orderType,
  className,
  children = 'Add credits',
  onOpen,
  resume,
}: Pick<PurchaseOptions, 'clickFrom' | 'orderType'> & {
  className?: string;
  children?: ReactNode;
  /** Told when pressed (a menu closes). */
  onOpen?: () => void;
  /** What he was doing, offered again after an in-place checkout (pending-action.ts). */
  resume?: PendingAction;
}) {
  const page = useSnapshot(configState).config?.addCreditPage;
  return (
    <a
      href={addCreditUrl({ page, clickFrom, orderType })}
      className={className}
      data-testid="add-credits"
      onClick={(event) => {
        onOpen?.();
        // A new tab (ctrl, middle click) opens the page itself; a plain click opens the popup.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        purchaseFor(resume, { clickFrom, orderType });
      }}
    >
      {children}
    </a>
  );
}
