/**
 * The editable User fields of SPEC §3, shared by a user's own edit screen and the super
 * curator's: identity, names, homepage, ORCID, social handles, profile type.
 */
import { useField } from 'formik';
import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ProfileForm } from '@registry/schemas/forms/account.ts';
import type { AccountUser } from './account-api.ts';
import { TextField } from '../kit/FormFields.tsx';

export type ProfileValues = ProfileForm;

const PROFILE_KEYS = ['username', 'email', 'first_name', 'last_name', 'homepage', 'orcid', 'twitter', 'mastodon', 'bluesky', 'profile_type'] as const;

/** Form values from an account (empty strings for missing fields, as inputs hold them). */
export function profileValuesOf(user: AccountUser): ProfileValues {
  return Object.fromEntries(PROFILE_KEYS.map((key) => [key, user[key] ?? ''])) as ProfileValues;
}

/** The profile part of a `PUT /users` / `PUT /user_admin/{id}` body: trimmed text (an emptied optional field clears it). */
export function profileBody(values: ProfileValues): ProfileValues {
  return Object.fromEntries(PROFILE_KEYS.map((key) => [key, (values[key] ?? '').trim()])) as ProfileValues;
}

function ProfileTypeSelect({ types }: { types: string[] }) {
  const [field] = useField<string>('profile_type');
  const options = field.value && !types.includes(field.value) ? [field.value, ...types] : types;
  return (
    <Field.Root>
      <Field.Label>Profile type</Field.Label>
      <NativeSelect.Root>
      <NativeSelect.Field {...field} value={field.value ?? ''}>
          <option value="">Not given</option>
          {options.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function ProfileFields({ profileTypes }: { profileTypes: string[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="personal-fields">
      <TextField name="username" label="Username" autoComplete="username" required />
      <TextField name="email" label="Email" type="email" autoComplete="email" required />
      <TextField name="first_name" label="First name" autoComplete="given-name" />
      <TextField name="last_name" label="Last name" autoComplete="family-name" />
      <TextField name="homepage" label="Homepage" type="url" placeholder="https://" />
      <TextField name="orcid" label="ORCID iD" placeholder="0000-0000-0000-0000" />
      <TextField name="twitter" label="Twitter" />
      <TextField name="mastodon" label="Mastodon" placeholder="@user@server" />
      <TextField name="bluesky" label="Bluesky" placeholder="@username.domain.name" />
      <ProfileTypeSelect types={profileTypes} />
    </SimpleGrid>
  );
}
