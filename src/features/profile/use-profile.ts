/** Loads his profile once for a page: loading, the profile, or the error with a retry. */
import { useCallback, useEffect, useState } from 'react';
import type { MemberProfileData } from '../../../protocol/profile/profile';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { getMemberProfile } from './api';

export type ProfileLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; profile: MemberProfileData }
  | { kind: 'error'; message: string };

export function useProfile() {
  const [state, setState] = useState<ProfileLoad>({ kind: 'loading' });
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', profile: await getMemberProfile() });
    } catch (e) {
      setState({
        kind: 'error',
        message: e instanceof ApiError && !e.offline ? e.message : unreachableText(),
      });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const set = useCallback((profile: MemberProfileData) => setState({ kind: 'ready', profile }), []);
  return { state, reload: load, set };
}

export const errorText = (e: unknown) =>
  e instanceof ApiError && !e.offline ? e.message : unreachableText();
