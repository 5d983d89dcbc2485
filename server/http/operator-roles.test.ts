import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '../../protocol/operator/operator';
import { loadConfig } from '../config';
import { DEMO_OPERATOR_ID } from '../seed/operator';
import { operatorRolesOf } from './operator-roles';

describe('operator roles', () => {
  it('reads OPERATOR_ROLES, gives OPERATOR_IDS every role and others none', () => {
    const config = loadConfig({
      OPERATOR_ROLES: 'M1004:support+content, M1005:trust',
      OPERATOR_IDS: 'M1006',
    });
    expect(operatorRolesOf(config, 'M1004')).toEqual(['support', 'content']);
    expect(operatorRolesOf(config, 'M1005')).toEqual(['trust']);
    expect(operatorRolesOf(config, 'M1006')).toEqual([...OPERATOR_ROLES]);
    expect(operatorRolesOf(config, 'M1001')).toEqual([]);
    // Names of Object.prototype are no accounts.
    expect(operatorRolesOf(config, 'constructor')).toEqual([]);
  });

  it('gives the demo operator every role only where development tools are on', () => {
    expect(operatorRolesOf(loadConfig({}), DEMO_OPERATOR_ID)).toEqual([...OPERATOR_ROLES]);
    expect(operatorRolesOf(loadConfig({ NODE_ENV: 'production' }), DEMO_OPERATOR_ID)).toEqual([]);
    expect(operatorRolesOf(loadConfig({ DEV_TOOLS: '0' }), DEMO_OPERATOR_ID)).toEqual([]);
  });

  it('refuses an unknown role or a malformed item', () => {
    expect(() => loadConfig({ OPERATOR_ROLES: 'M1004:admin' })).toThrow(/OPERATOR_ROLES/);
    expect(() => loadConfig({ OPERATOR_ROLES: 'M1004' })).toThrow(/OPERATOR_ROLES/);
  });
});
