/**
 * Verify login email: his address and its state, and a button that asks the account feature to
 * send (again) the link that verifies it (AccountApi.sendVerifyEmail); its answer is shown as is.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { AccountPages } from '../../../protocol/account/pages';
import { ProfileText } from '../../../protocol/profile/profile';
import { Modal } from '../../app/popups/Modal';
import { userState } from '../../state/user';
import { sendVerifyEmail } from './api';
import { errorText } from './use-profile';
import './profile.css';

export function EmailVerifyPanel() {
  const { me } = useSnapshot(userState);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; text: string }>(
    {
      kind: 'idle',
    },
  );
  if (me?.email_verified === 'Y')
    return (
      <p className="verified" data-testid="email-verified">
        Your login email {me.email ? <strong>{me.email}</strong> : null} is verified ✓
      </p>
    );
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      await sendVerifyEmail();
      setState({ kind: 'sent' });
    } catch (e) {
      setState({ kind: 'error', text: errorText(e) });
    }
  };
  return (
    <div className="email-verify" data-testid="email-verify">
      <p>
        {me?.email ? (
          <>
            We will send a link to <strong>{me.email}</strong>.{' '}
          </>
        ) : null}
        {ProfileText.emailDialog}
      </p>
      {!me?.email && (
        <p className="profile-hint">
          No email on your account yet? <Link to={AccountPages.security}>Add one on your account page</Link>.
        </p>
      )}
      {state.kind === 'sent' && (
        <p role="status" className="verified" data-testid="email-sent">
          {ProfileText.emailSent}
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="profile-error" data-testid="email-error">
          {state.text}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={state.kind === 'sending'}
        onClick={() => void send()}
        data-testid="email-send"
      >
        {state.kind === 'sending'
          ? 'Sending…'
          : state.kind === 'sent'
            ? 'Send again'
            : 'Send verification link'}
      </button>
    </div>
  );
}

export function EmailVerifyDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Verify login email"
      onClose={onClose}
      testId="email-verify-dialog"
      actions={
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <EmailVerifyPanel />
    </Modal>
  );
}

export function VerifyEmailPage() {
  return (
    <div className="page">
      <section className="card profile-card" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title" className="page-title">
          Verify login email
        </h1>
        <EmailVerifyPanel />
      </section>
    </div>
  );
}
