/**
 * Sends a call request (instant or scheduled) once its fee is confirmed: the header takes the new
 * balance, the request's page opens, and a refusal becomes what the spec gives its code.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SendCallAnswer } from '../../../protocol/call-service/call-service';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { balancesState } from '../../state/balances';
import { type CallOutcome, callOutcomeOf } from './call-rules';

export function useSendCallRequest() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  async function send(request: () => Promise<SendCallAnswer>) {
    setBusy(true);
    try {
      const answer = await request();
      balancesState.credit = answer.credit;
      void navigate({ to: '/calldetail', search: { ref_no: answer.ref_no } });
    } catch (e) {
      setOutcome(e instanceof ApiError ? callOutcomeOf(e.errno, e.message) : callOutcomeOf(-1, errorText(e)));
    } finally {
      setBusy(false);
    }
  }
  return { busy, outcome, setOutcome, send };
}
