/**
 * The viewer's part in a record, beside its Edit/Approve/Delete buttons: Watch/Unwatch; Claim
 * (a dialog that says when to expect the curators' answer, with an optional message), the state
 * of the viewer's claim, Withdraw and Stop maintaining; for curators a "needs review" badge and
 * Mark reviewed. The server decides every answer: what may be claimed, who reviews (the record's
 * `needsReview` is null for anyone who may not). Anonymous visitors get a sign-in hint instead.
 * While the site is read-only each of these buttons is disabled with the reason (`WriteControl`).
 */
import { Badge, Box, Button, Field, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ValidationError } from 'yup';
import { CLAIM_ANSWER_WITHIN, CLAIM_MESSAGE_MAX, claimSchema } from '@registry/schemas/forms/community.ts';
import { failureText } from '../api/client.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { useSession } from '../state/hooks.ts';
import { loginPathFor } from '../state/login-redirect.ts';
import { WriteControl } from '../shell/WritesOff.tsx';
import { claimRecord, loadClaimState, loadViewerState, markReviewed, stopMaintaining, watchRecord, type ViewerRecordState } from './community-api.ts';
import { claimView, type ClaimStateAnswer } from '../kit/records/community.ts';
import type { FormAnswerState } from '../kit/FormFields.tsx';

type DialogName = 'claim' | 'withdraw' | 'stop';

const failure = (error: unknown): FormAnswerState => ({ kind: 'error', text: failureText(error, 'That did not work; try again.') });

function messageError(recordId: string, message: string): string | null {
  try {
    claimSchema.validateSyncAt('message', { fairsharing_record_id: recordId, message });
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : String(error);
  }
}

function SignInHint() {
  const location = useLocation();
  return (
    <Text data-testid="community-sign-in" color="fg.muted" fontSize="sm">
      <Link asChild color="blue.700" textDecoration="underline">
        <RouterLink to={loginPathFor(location.pathname + location.hash)}>Sign in</RouterLink>
      </Link>{' '}
      to watch this record, ask to maintain it or see its history of changes.
    </Text>
  );
}

/** `children`: the viewer's other record actions, shown first in the same row. */
export function RecordCommunity({ record, onChanged, children }: { record: { id: string; name: string }; onChanged(): void; children?: ReactNode }) {
  const session = useSession();
  const userId = session.user?.id;
  const [reloadKey, setReloadKey] = useState(0);
  const signedIn = session.isLoggedIn && userId !== undefined;
  const claimLoad = useLoad<ClaimStateAnswer>(signedIn ? { key: `${record.id}:${reloadKey}`, load: () => loadClaimState(record.id) } : null);
  const viewerLoad = useLoad<ViewerRecordState>(signedIn ? { key: `${record.id}:${userId}:${reloadKey}`, load: () => loadViewerState(record.id, userId) } : null);
  // A watch switch shows at once, until the state read after it arrives.
  const [switched, setSwitched] = useState<{ of: ViewerRecordState; watching: boolean } | null>(null);
  const claim = latestData(claimLoad) ?? null;
  const loadedViewer = latestData(viewerLoad) ?? null;
  const viewer = loadedViewer && switched?.of === loadedViewer ? { ...loadedViewer, watching: switched.watching } : loadedViewer;
  const [actionNotice, setNotice] = useState<FormAnswerState | null>(null);
  const failedLoad = claimLoad.status === 'error' ? claimLoad : viewerLoad.status === 'error' ? viewerLoad : null;
  const notice = actionNotice ?? (failedLoad ? failure(failedLoad.error) : null);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  if (!session.isLoggedIn) return <SignInHint />;

  /**
   * Runs one call; `after` decides what to refresh (the page, when Edit may change). A claim's
   * answer is not repeated as a notice: the claim's state below the buttons says it.
   */
  const act = async (call: () => Promise<{ message: string }>, after: 'state' | 'page', announce = true) => {
    setBusy(true);
    try {
      const answer = await call();
      setDialog(null);
      setNotice(announce ? { kind: 'success', text: answer.message } : null);
      if (after === 'page') onChanged();
      else setReloadKey((key) => key + 1);
    } catch (error) {
      setDialog(null);
      setNotice(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const view = claim ? claimView(claim) : null;
  const claimMessageError = messageError(record.id, message);

  return (
    <Stack gap="2" data-testid="record-community">
      <HStack gap="2" wrap="wrap" data-testid="record-actions">
        {children}
        {viewer && (
          <WriteControl>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void act(async () => {
                const answer = await watchRecord(record.id, !viewer.watching);
                if (loadedViewer) setSwitched({ of: loadedViewer, watching: answer.watching });
                return answer;
              }, 'state')}
            >
              {viewer.watching ? 'Unwatch' : 'Watch'}
            </Button>
          </WriteControl>
        )}
        {view?.kind === 'can-claim' && (
          <WriteControl>
            <Button size="sm" variant="outline" onClick={() => setDialog('claim')}>
              Claim
            </Button>
          </WriteControl>
        )}
        {view?.kind === 'pending' && (
          <WriteControl>
            <Button size="sm" variant="outline" onClick={() => setDialog('withdraw')}>
              Withdraw request
            </Button>
          </WriteControl>
        )}
        {view?.kind === 'maintainer' && (
          <WriteControl>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('stop')}>
              Stop maintaining
            </Button>
          </WriteControl>
        )}
        {viewer?.needsReview && (
          <Badge bg="orange.100" color="orange.900" size="lg" data-testid="needs-review" title="Not reviewed by a curator for a year">
            Needs review
          </Badge>
        )}
        {viewer && viewer.needsReview !== null && (
          <WriteControl>
            <Button size="sm" variant="outline" onClick={() => void act(() => markReviewed(record.id), 'page')}>
              Mark reviewed
            </Button>
          </WriteControl>
        )}
      </HStack>
      <Box data-testid="claim-state" fontSize="sm" aria-live="polite">
        {view?.text && <Text>{view.text}</Text>}
        {view?.kind === 'can-claim' && view.curatorMessage && <Text color="fg.muted">The curator wrote: “{view.curatorMessage}”</Text>}
      </Box>
      <Box role="status" fontSize="sm" color={notice?.kind === 'error' ? 'red.700' : 'green.800'} data-testid="community-notice">
        {notice?.text}
      </Box>

      <ConfirmDialog
        open={dialog === 'claim'}
        title={`Ask to maintain ${record.name}?`}
        action="Send request"
        busy={busy}
        disabled={!!claimMessageError}
        onClose={() => setDialog(null)}
        onConfirm={() => void act(() => claimRecord(record.id, message.trim()), 'state', false)}
      >
        <Text>
          Maintainers keep a record up to date: they edit it and hear of the changes others make. The curators check each request and
          answer {CLAIM_ANSWER_WITHIN}; you will get an e-mail with their answer.
        </Text>
        <Field.Root invalid={!!claimMessageError}>
          <Field.Label>Message to the curators (optional)</Field.Label>
          <Textarea value={message} onChange={(event) => setMessage(event.target.value)} rows={4} placeholder="e.g. your role in the project behind this resource" />
          {claimMessageError ? (
            <Field.ErrorText>{claimMessageError}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {message.length}/{CLAIM_MESSAGE_MAX} characters
            </Field.HelperText>
          )}
        </Field.Root>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'withdraw'}
        title="Withdraw your request?"
        action="Withdraw request"
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() => void act(() => stopMaintaining(record.id), 'state')}
      >
        <Text>The curators will no longer be asked to decide on it. You can ask again later.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'stop'}
        title={`Stop maintaining ${record.name}?`}
        action="Stop maintaining"
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() => void act(() => stopMaintaining(record.id), 'page')}
      >
        <Text>You will no longer be able to edit this record or hear of its changes as its maintainer. To maintain it again you would have to ask the curators.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
