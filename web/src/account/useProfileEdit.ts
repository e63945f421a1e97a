/**
 * The state of /profiles/edit: the signed-in user's account as the server has it, the profile
 * types, the last failure, and the save (which follows a username change into the session and
 * goes back to the profile with the server's words).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormikHelpers } from 'formik';
import { useAppDispatch, useSession } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { startSession } from '../state/sessionSlice.ts';
import type { Term } from '../kit/pick-lists.ts';
import { useLoad } from '../kit/useLoad.ts';
import { loadOwnAccount, UPDATE_SUCCESS_MESSAGE, updateOwnAccount, type AccountUser } from './account-api.ts';
import { errorMessage, fieldErrorsOf } from './account-paths.ts';
import { profileBody, type ProfileValues } from './ProfileFields.tsx';
import { useProfileTypes } from './useProfileTypes.ts';

export type ProfileEditValues = ProfileValues & { current_password: string; organisations: Term[] };

export function organisationTermsOf(account: AccountUser): Term[] {
  return (account.organisations ?? []).map((organisation) => ({ id: organisation.id, label: organisation.name }));
}

/** The server asks for the current password before an e-mail change (accounts with a password only). */
export function needsCurrentPassword(account: AccountUser, values: ProfileValues): boolean {
  return !account.third_party && values.email.trim().toLowerCase() !== (account.email ?? '').toLowerCase();
}

export function useProfileEdit() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loaded = useLoad<AccountUser>({ key: 'own-account', load: () => loadOwnAccount() });
  const account = loaded.status === 'ready' ? loaded.data : null;
  const profileTypes = useProfileTypes();
  const [saveFailure, setFailure] = useState<string | null>(null);
  const failure = saveFailure ?? (loaded.status === 'error' ? errorMessage(loaded.error) : null);

  async function submit({ current_password, organisations, ...values }: ProfileEditValues, helpers: FormikHelpers<ProfileEditValues>) {
    setFailure(null);
    try {
      const body = profileBody(values);
      const organisation_ids = organisations.map((organisation) => Number(organisation.id));
      const answer = await updateOwnAccount({ ...body, organisation_ids, ...(account && needsCurrentPassword(account, values) ? { current_password } : {}) });
      if (session.user && body.username !== session.user.credentials.username) {
        startSession(dispatch, { ...session.user, credentials: { ...session.user.credentials, username: String(body.username) } });
      }
      // The server's words: a new e-mail address is not saved yet, it waits for its link.
      dispatch(noticeAdded('success', answer.message ?? UPDATE_SUCCESS_MESSAGE));
      void navigate('/accounts/profile');
    } catch (error) {
      setFailure(errorMessage(error));
      helpers.setErrors(fieldErrorsOf(error));
    }
  }

  return { account, profileTypes, failure, submit };
}
