/**
 * Claims to decide (pending maintenance requests), oldest first or as sorted: approve or reject
 * each, with an optional message to the claimant (PUT /maintenance_requests/{id}; the claimant
 * is mailed either way).
 */
import { Button, HStack, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { CLAIM_MESSAGE_MAX } from '@registry/schemas/forms/community.ts';
import { failureText } from '../api/client.ts';
import { useFormAnswer } from '../kit/FormFields.tsx';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { decideClaim, loadClaims, type PendingClaim } from './curation-api.ts';
import { PagedTable } from './PagedTable.tsx';
import { RecordLink, shortDate } from './RecordRowParts.tsx';

type Decision = 'approved' | 'rejected';

export function ClaimsTab() {
  const answer = useFormAnswer();
  const [deciding, setDeciding] = useState<{ claim: PendingClaim; status: Decision; reload: () => void } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const who = (claim: PendingClaim) => claim.user?.username ?? 'a deleted user';
  const what = (claim: PendingClaim) => claim.fairsharingRecord?.name ?? 'a deleted record';

  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      await decideClaim(deciding.claim.id, deciding.status, message);
      answer.success(`${who(deciding.claim)}’s claim on ${what(deciding.claim)} ${deciding.status === 'approved' ? 'approved' : 'rejected'}; they are told by e-mail.`);
      deciding.reload();
      setDeciding(null);
    } catch (error) {
      answer.error(failureText(error, 'The decision could not be saved; try again.'));
      setDeciding(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3">
      {answer.shown}
      <PagedTable
        label="Claims to decide"
        testId="claims"
        headings={['Record', 'Claimant', 'Claimed', 'Their message', 'Decision']}
        empty="No claim is waiting."
        load={loadClaims}
        renderRow={(claim, reload) => (
          <Table.Row key={claim.id} data-testid={`claim-${claim.id}`}>
            <Table.Cell>{claim.fairsharingRecord ? <RecordLink id={claim.fairsharingRecord.id} name={claim.fairsharingRecord.name} /> : what(claim)}</Table.Cell>
            <Table.Cell>{who(claim)}</Table.Cell>
            <Table.Cell>{shortDate(claim.createdAt)}</Table.Cell>
            <Table.Cell maxW="xs" whiteSpace="pre-wrap">{claim.claimantMessage || '—'}</Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                {(['approved', 'rejected'] as const).map((status) => (
                  <Button key={status} size="xs" variant="outline" colorPalette={status === 'approved' ? 'green' : 'red'}
                    aria-label={`${status === 'approved' ? 'Approve' : 'Reject'} ${who(claim)}’s claim on ${what(claim)}`}
                    onClick={() => { setMessage(''); setDeciding({ claim, status, reload }); }}>
                    {status === 'approved' ? 'Approve' : 'Reject'}
                  </Button>
                ))}
              </HStack>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <ConfirmDialog
        open={deciding !== null}
        title={deciding ? `${deciding.status === 'approved' ? 'Approve' : 'Reject'} ${who(deciding.claim)}’s claim on ${what(deciding.claim)}?` : ''}
        action={deciding?.status === 'approved' ? 'Approve claim' : 'Reject claim'}
        busy={busy}
        disabled={message.length > CLAIM_MESSAGE_MAX}
        onConfirm={() => void decide()}
        onClose={() => setDeciding(null)}
      >
        <Text>{deciding?.status === 'approved' ? 'They become a maintainer of the record and can edit it.' : 'They do not become a maintainer.'} They are told by e-mail.</Text>
        <Text asChild fontWeight="medium"><label htmlFor="claim-decision-message">Message to the claimant (optional)</label></Text>
        <Textarea id="claim-decision-message" value={message} onChange={(event) => setMessage(event.target.value)} rows={3} />
        {message.length > CLAIM_MESSAGE_MAX && <Text color="fg.error">A message has at most {CLAIM_MESSAGE_MAX} characters.</Text>}
      </ConfirmDialog>
    </Stack>
  );
}
