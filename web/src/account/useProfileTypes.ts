/** The profile types a user may choose (the profile forms' select); none while loading or when the list cannot be read. */
import { useLoad } from '../kit/useLoad.ts';
import { loadProfileTypes } from './account-api.ts';

export function useProfileTypes(): string[] {
  const result = useLoad<string[]>({ key: 'profile-types', load: () => loadProfileTypes() });
  return result.status === 'ready' ? result.data : [];
}
