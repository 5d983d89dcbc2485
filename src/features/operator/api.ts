/** The console's own call (protocol/operator); care and news calls live with their features. */
import { OperatorApi, type OperatorMe } from '../../../protocol/operator/operator';
import { call } from '../../api/http';

export interface OperatorMeAnswer extends OperatorMe {
  face_checks: { ref_id: string; anchor_id: string; href: string; time: number }[];
  /** 1: the Phones tab (the local call center's phones) is his. */
  call_center_phones: 0 | 1;
}

export const getOperatorMe = () => call<OperatorMeAnswer>(OperatorApi.me);
