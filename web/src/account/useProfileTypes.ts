/** The profile types a user may choose (the profile forms' select); none while loading or when the list cannot be read. */
import { useEffect, useState } from 'react';
import { loadProfileTypes } from './account-api.ts';

export function useProfileTypes(): string[] {
  const [profileTypes, setProfileTypes] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    loadProfileTypes().then(
      (types) => live && setProfileTypes(types),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return profileTypes;
}
