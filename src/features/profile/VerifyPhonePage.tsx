/**
 * Verify mobile number: the phone verification bookings use (src/features/booking/PhoneVerify,
 * server/features/phone); once verified, his account says so (qpid_seal.v_phone) and the tip goes.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { PhoneVerify } from '../booking/PhoneVerify';
import '../booking/booking.css';
import { userState } from '../../state/user';
import { refreshUserInfo } from './api';
import { editProfilePath } from './paths';
import './profile.css';

export function VerifyPhonePage() {
  const { me } = useSnapshot(userState);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const verified = done || me?.qpid_seal?.v_phone === 1;
  return (
    <div className="page">
      <section className="card profile-card" aria-labelledby="verify-phone-title">
        <h1 id="verify-phone-title" className="page-title">
          Verify mobile number
        </h1>
        {verified ? (
          <p role="status" className="verified" data-testid="phone-verified">
            Your mobile number is verified ✓
          </p>
        ) : (
          <PhoneVerify
            onVerified={() => {
              setDone(true);
              void refreshUserInfo().catch(() => undefined);
            }}
            onCancel={() => void navigate({ to: editProfilePath(me?.step) })}
          />
        )}
      </section>
    </div>
  );
}
