/** The purchase prompt a paid action opens (rules.ts promptFor): buy stamps, add credits or pay the other way. */
import { Link } from '@tanstack/react-router';
import { CLICK_TYPE } from '../../../protocol/mail/mail';
import { Modal } from '../../app/popups/Modal';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import type { PendingAction } from '../payments/pending-action';
import type { Prompt } from './rules';

export function PurchasePrompt({
  prompt,
  onPay,
  onClose,
  resume,
}: {
  prompt: Prompt;
  /** What he was paying for, offered again after an in-place checkout. */
  resume?: PendingAction;
  /** Retry paying the other way (click_type 1 stamps, 2 credits). */
  onPay: (clickType: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={prompt.title}
      testId="mail-prompt"
      onClose={onClose}
      actions={
        <>
          {prompt.actions.map((action) => {
            switch (action) {
              case 'payWithCredits':
                return (
                  <button
                    key={action}
                    type="button"
                    className="btn btn-primary"
                    onClick={() => onPay(CLICK_TYPE.credits)}
                  >
                    Pay with credits
                  </button>
                );
              case 'payWithStamps':
                return (
                  <button
                    key={action}
                    type="button"
                    className="btn btn-primary"
                    onClick={() => onPay(CLICK_TYPE.stamps)}
                  >
                    Pay with post stamps
                  </button>
                );
              case 'buyStamps':
                return (
                  <Link key={action} to="/myhomeback/stamps" className="btn btn-secondary" onClick={onClose}>
                    Buy post stamps
                  </Link>
                );
              case 'addCredits':
                return (
                  <AddCreditsLink
                    key={action}
                    clickFrom={ClickFrom.mail}
                    className="btn btn-secondary"
                    resume={resume}
                  />
                );
              default:
                return null;
            }
          })}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {prompt.actions.length ? 'Cancel' : 'OK'}
          </button>
        </>
      }
    >
      <p data-testid="mail-prompt-message">{prompt.message}</p>
    </Modal>
  );
}
