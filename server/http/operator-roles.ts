/**
 * Which operator roles an account holds (protocol/operator): every role for OPERATOR_IDS (the
 * accounts that were operators before roles existed), else its OPERATOR_ROLES entry, else none.
 */
import { OPERATOR_ROLES, type OperatorRole } from '../../protocol/operator/operator';
import type { Config } from '../config';

export function operatorRolesOf(
  config: Pick<Config, 'operatorIds' | 'operatorRoles'>,
  userid: string,
): OperatorRole[] {
  if (config.operatorIds.includes(userid)) return [...OPERATOR_ROLES];
  return Object.hasOwn(config.operatorRoles, userid) ? [...(config.operatorRoles[userid] ?? [])] : [];
}
