import { useEffect, useState } from 'react';
import { loadUserProfile, type UserProfile } from './account-api.ts';
import { errorMessage } from './account-paths.ts';

export type ProfileState = { status: 'loading' } | { status: 'ready'; user: UserProfile } | { status: 'error'; message: string };

/** The GraphQL profile of one user; `reloadKey` changes ask again. */
export function useUserProfile(id: number | null | undefined, reloadKey = 0): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    if (!id) {
      setState({ status: 'error', message: 'User not found' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadUserProfile(id).then(
      (user) => live && setState({ status: 'ready', user }),
      (error: unknown) => live && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, reloadKey]);
  return state;
}
