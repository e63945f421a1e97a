import { useLoad } from '../kit/useLoad.ts';
import { loadUserProfile, type UserProfile } from './account-api.ts';
import { errorMessage } from './account-paths.ts';

export type ProfileState = { status: 'loading' } | { status: 'ready'; user: UserProfile } | { status: 'error'; message: string };

/** The GraphQL profile of one user; `reloadKey` changes ask again. */
export function useUserProfile(id: number | null | undefined, reloadKey = 0): ProfileState {
  const result = useLoad<UserProfile>(id ? { key: `${id}:${reloadKey}`, load: () => loadUserProfile(id) } : null);
  if (!id) return { status: 'error', message: 'User not found' };
  if (result.status === 'ready') return { status: 'ready', user: result.data };
  return result.status === 'error' ? { status: 'error', message: errorMessage(result.error) } : { status: 'loading' };
}
