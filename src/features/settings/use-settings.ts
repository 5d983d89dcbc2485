/** His settings for a page: loaded once, each change saved at once (the switch shows it busy). */
import { useCallback, useEffect, useState } from 'react';
import type { MemberSettings } from '../../../protocol/profile/settings';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { showToast } from '../../state/ui';
import { getMemberSettings, saveMemberSettings } from './api';

export type SettingsLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; settings: MemberSettings }
  | { kind: 'error'; message: string };

const textOf = (e: unknown) => (e instanceof ApiError && !e.offline ? e.message : unreachableText());

export function useSettings() {
  const [state, setState] = useState<SettingsLoad>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', settings: await getMemberSettings() });
    } catch (e) {
      setState({ kind: 'error', message: textOf(e) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const save = useCallback(async (field: string, value: string | number) => {
    setBusy(field);
    try {
      setState({ kind: 'ready', settings: await saveMemberSettings({ [field]: value }) });
    } catch (e) {
      showToast(textOf(e));
    } finally {
      setBusy(null);
    }
  }, []);
  return { state, busy, save, reload: load };
}
