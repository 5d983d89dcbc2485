/**
 * The terms overlay (spec 002 §7: agreeProvision and setGuideMail after it is accepted): a member
 * who has not agreed sees it before anything else and can only accept or sign out. The links open
 * the terms in a new tab, so his place here is kept.
 */
import { useId, useState } from 'react';
import { GuideTexts } from '../../../protocol/guides/guide-texts';
import { WELCOME_VOUCHER_LINE } from '../../../protocol/vouchers/welcome';
import { Modal } from '../../app/popups/Modal';
import { session } from '../../app/session';
import { agreeProvision, setGuideMail } from './api';

export function TermsOverlay({ onAccepted }: { onAccepted: () => void }) {
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const boxId = useId();

  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      await agreeProvision();
      // Arming the guides is a nicety: the terms are what must be saved.
      await setGuideMail().catch(() => undefined);
      onAccepted();
    } catch {
      setError(GuideTexts.termsFailed);
      setBusy(false);
    }
  };

  return (
    <Modal
      title={GuideTexts.termsTitle}
      testId="terms-overlay"
      actions={
        <>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void session.signOut()}
            disabled={busy}
          >
            Sign out
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!checked || busy}
            onClick={() => void accept()}
          >
            {busy ? 'Saving…' : GuideTexts.accept}
          </button>
        </>
      }
    >
      <p>{GuideTexts.termsIntro}</p>
      <p className="terms-welcome" data-testid="welcome-voucher">
        {WELCOME_VOUCHER_LINE}
      </p>
      <p className="terms-check">
        <input id={boxId} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <label htmlFor={boxId}>
          {GuideTexts.termsAgree}{' '}
          <a href="/#/howitwork/tc" target="_blank" rel="noopener">
            {GuideTexts.terms}
          </a>{' '}
          and the{' '}
          <a href="/#/howitwork/policy" target="_blank" rel="noopener">
            {GuideTexts.policy}
          </a>
          .
        </label>
      </p>
      {error && (
        <p className="modal-note" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
