/** The user menu's "Add credits": the checkout at any time, not only once he has run short. */
import { AddCreditsLink } from './AddCreditsLink';
import { ClickFrom } from './click-from';

export function AddCreditsMenuItem({ onNavigate }: { onNavigate(): void }) {
  return (
    <li>
      <AddCreditsLink clickFrom={ClickFrom.wallet} className="menu-item" onOpen={onNavigate}>
        Add credits
      </AddCreditsLink>
    </li>
  );
}
