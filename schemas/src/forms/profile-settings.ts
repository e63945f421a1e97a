/**
 * The profile's settings beside its fields (PUT /users, /profiles/edit): the preferences a user
 * may set on their own account and the organisations they say they belong to.
 */
import { boolean, object, type InferType } from 'yup';
import { idList } from './bounds.ts';
import { DIGEST_PREFERENCE } from './community.ts';

export const PROFILE_SETTINGS_MESSAGES = {
  unknownPreference: (key: string) => `${key} is not a preference`,
  unknownOrganisation: (ids: readonly number[]) => `Unknown organisation ${ids.join(', ')}`,
} as const;

/** Each preference a user sets, with its meaning; anything else in `preferences` is refused. */
export const PROFILE_PREFERENCES = {
  [DIGEST_PREFERENCE]: 'mail me a digest of changes to the records I watch',
} as const;

const preferencesSchema = object({
  [DIGEST_PREFERENCE]: boolean().strict(),
}).test('known-preferences', function knownPreferences(value: Record<string, unknown> | undefined) {
  const unknown = Object.keys(value ?? {}).find((key) => !(key in PROFILE_PREFERENCES));
  return unknown === undefined || this.createError({ path: `preferences.${unknown}`, message: PROFILE_SETTINGS_MESSAGES.unknownPreference(unknown) });
});

export const profileSettingsSchema = object({
  preferences: preferencesSchema.default(undefined),
  /** The user's whole list of organisations: the ones left out are no longer theirs. */
  organisation_ids: idList(),
});
export type ProfileSettings = InferType<typeof profileSettingsSchema>;
