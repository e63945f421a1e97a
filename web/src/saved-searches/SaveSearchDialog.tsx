/**
 * "Save this search" (loaded for signed-in people only, see SaveSearchButton): a name, a
 * comment of up to 100 characters, the policies the person maintains to link and, for super
 * curators, organisations and users. Checked by the shared saved-search schema the API uses;
 * the API's refusals are shown with their message.
 */
import { Button, Checkbox, Dialog, Fieldset, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { can, type Viewer } from '@registry/schemas/access/index.ts';
import { SAVED_SEARCH_COMMENT_MAX, savedSearchSchema } from '@registry/schemas/forms/community.ts';
import { failureText } from '../api/client.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { DialogFrame } from '../kit/DialogFrame.tsx';
import { TermPicker } from '../kit/TermPicker.tsx';
import { FormAnswer, TextareaField, TextField, type FormAnswerState } from '../kit/FormFields.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { createSavedSearch, loadMaintainedPolicies, saveSearchInput, type SaveSearchValues } from './saved-searches.ts';

const INITIAL: SaveSearchValues = { name: '', comments: '', fairsharing_record_ids: [], organisations: [], users: [] };


function PolicyChoice({ policies, value, onChange }: { policies: Array<{ id: string; name: string }> | null; value: number[]; onChange(value: number[]): void }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">Link to policies you maintain</Fieldset.Legend>
      {policies === null ? (
        <Text fontSize="sm" color="fg.muted">Loading your policies…</Text>
      ) : policies.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="no-policies">You do not maintain a policy; a saved search can be linked to policies you maintain.</Text>
      ) : (
        <Stack gap="1" data-testid="policy-choice">
          {policies.map((policy) => {
            const id = Number(policy.id);
            return (
              <Checkbox.Root
                key={policy.id}
                checked={value.includes(id)}
                onCheckedChange={(details) => onChange(details.checked === true ? [...value, id] : value.filter((other) => other !== id))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{policy.name}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Stack>
      )}
    </Fieldset.Root>
  );
}

function SaveSearchDialog({ open, onClose, viewer, pathname, search }: {
  open: boolean; onClose(): void; viewer: Viewer; pathname: string; search: string;
}) {
  const { userId } = viewer;
  const maintained = useLoad<Array<{ id: string; name: string }>>(open && userId !== null ? { key: String(userId), load: (signal) => loadMaintainedPolicies(userId, signal) } : null);
  const policies = maintained.status === 'error' ? [] : (latestData(maintained) ?? null);
  const [answer, setAnswer] = useState<FormAnswerState | null>(null);
  const linksPeople = can(viewer, 'savedSearch.linkPeople');

  // Each opening starts without the last saving's answer.
  useEffect(() => {
    if (open) setAnswer(null);
  }, [open]);

  return (
    <DialogFrame open={open} onClose={onClose} scroll="inside" testId="save-search-dialog">
      <Formik<SaveSearchValues>
        initialValues={INITIAL}
        validationSchema={savedSearchSchema.pick(['name', 'comments'])}
        onSubmit={async (values) => {
          setAnswer(null);
          try {
            const saved = await createSavedSearch(saveSearchInput(values, pathname, search));
            setAnswer({ kind: 'success', text: `Saved “${saved.name}”.` });
          } catch (error) {
            setAnswer({ kind: 'error', text: failureText(error, 'The search could not be saved; try again.') });
          }
        }}
      >
        {(formik) => (
          <Form noValidate aria-label="Save this search">
            <Dialog.Header>
              <Dialog.Title>Save this search</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {answer?.kind === 'success' ? (
                <FormAnswer kind="success">
                  {answer.text} Find it on <RouterLink to="/accounts/profile" style={{ textDecoration: 'underline' }} onClick={onClose}>your profile</RouterLink>.
                </FormAnswer>
              ) : (
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">It keeps this search’s text, filters, order and page exactly, so opening it again gives the same results.</Text>
                  <TextField name="name" label="Name" required autoComplete="off" />
                  <TextareaField
                    name="comments"
                    label="Comment"
                    helper={`Optional, up to ${SAVED_SEARCH_COMMENT_MAX} characters: ${formik.values.comments.length} of ${SAVED_SEARCH_COMMENT_MAX} used.`}
                  />
                  <PolicyChoice policies={policies} value={formik.values.fairsharing_record_ids} onChange={(ids) => void formik.setFieldValue('fairsharing_record_ids', ids)} />
                  {linksPeople && (
                    <>
                      <TermPicker list="organisations" label="Link to organisations" minLength={2} value={formik.values.organisations} onChange={(terms) => void formik.setFieldValue('organisations', terms)} />
                      <TermPicker list="users" label="Link to users" minLength={2} value={formik.values.users} onChange={(terms) => void formik.setFieldValue('users', terms)} />
                    </>
                  )}
                  {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {answer?.kind === 'success' ? (
                <Button variant="outline" onClick={onClose}>Close</Button>
              ) : (
                <>
                  <Button variant="outline" onClick={onClose}>Cancel</Button>
                  <Button type="submit" bg="brand.700" color="white" loading={formik.isSubmitting}>Save search</Button>
                </>
              )}
            </Dialog.Footer>
          </Form>
        )}
      </Formik>
    </DialogFrame>
  );
}

/** The button, where the access module lets the viewer save searches, and its dialog. */
export function SaveSearch({ pathname, search }: { pathname: string; search: string }) {
  // The viewer in the site's mode: no saving while the site is read-only (the banner says why).
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (!can(viewer, 'savedSearch.manage', { userId: viewer.userId ?? undefined })) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="save-search">
        Save this search
      </Button>
      <SaveSearchDialog open={open} onClose={() => setOpen(false)} viewer={viewer} pathname={pathname} search={search} />
    </>
  );
}
