/**
 * The lists on a profile (SPEC §3 User): watched, created, maintained and in-curation (the
 * user's own records awaiting approval) records, saved searches, claims (maintenance requests)
 * and edits (each as its record's history titles it, with the fields it changed). Each shows what it holds or says
 * plainly that it is empty and how it fills. Plain list elements, as for other long lists.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Heading, Text } from '@chakra-ui/react';
import { claimStatusLabel } from '../kit/records/community.ts';
import type { RecordSummary, UserProfile } from './account-api.ts';
import { readEditDescription } from '../kit/records/edit-history.ts';
import { formatShortDate } from '../kit/format/dates.ts';
import { recordsAwaitingApproval } from './activity-lists.ts';
import { SavedSearchesSection } from '../saved-searches/SavedSearchesList.tsx';

const LIST_STYLE = {
  '& ul': { listStyle: 'none', padding: 0, margin: 0 },
  '& li': { padding: '0.5rem 0', borderBottom: '1px solid var(--chakra-colors-gray-200)', display: 'flex', flexWrap: 'wrap', gap: '0.5rem' },
  '& li:last-child': { borderBottom: 'none' },
  '& a': { color: 'var(--chakra-colors-brand-700)', textDecoration: 'underline' },
  '& .meta': { color: 'var(--chakra-colors-gray-600)', fontSize: '0.875rem' },
} as const;

function ListSection({ title, testId, empty, children, count }: { title: string; testId: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} data-testid={testId} borderWidth="1px" rounded="md" p="4" css={LIST_STYLE}>
      <Heading as="h3" size="md" mb="2">
        {title} <Text as="span" color="gray.600" fontWeight="normal">({count})</Text>
      </Heading>
      {count === 0 ? (
        <Text color="gray.700" data-testid="empty-list">
          {empty}
        </Text>
      ) : (
        <ul>{children}</ul>
      )}
    </Box>
  );
}

function RecordItems({ records }: { records: RecordSummary[] }) {
  return records.map((record) => (
    <li key={record.id}>
      <RouterLink to={`/${record.id}`}>{record.name}</RouterLink>
      <span className="meta">
        {[record.registry, record.type?.replace(/_/g, ' '), record.isApproved === false ? 'awaiting approval' : null].filter(Boolean).join(' · ')}
      </span>
    </li>
  ));
}

/** An edit in a line, as its record's history titles it: "Edited: General information (Description, Homepage)". */
function editSummary(value: unknown): string {
  const description = readEditDescription(value);
  if (!description) return 'Edited';
  const fields = description.changes.map((change) => change.label);
  return [description.title, fields.length > 0 ? `(${fields.join(', ')})` : description.summary].filter(Boolean).join(' ');
}

/** A list of records (links to their pages). */
function RecordListSection({ title, testId, records, empty }: { title: string; testId: string; records: RecordSummary[]; empty: string }) {
  return (
    <ListSection title={title} testId={testId} count={records.length} empty={empty}>
      <RecordItems records={records} />
    </ListSection>
  );
}

/** Which lists to show: the owner (or a super curator) sees them all, a visitor the public ones. */
export function UserActivityLists({ user, own }: { user: UserProfile; own: boolean }) {
  const inCuration = recordsAwaitingApproval(user);
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
      {own && (
        <RecordListSection title="Watched records" testId="watched-records" records={user.watchedRecords} empty="You are not watching any record yet. Use Watch on a record page to get an e-mail (at most hourly) when it changes." />
      )}
      <RecordListSection
        title="Created records"
        testId="created-records"
        records={user.createdRecords}
        empty={own ? 'You have not created a record yet. Records you add appear here.' : 'No records created yet.'}
      />
      <RecordListSection
        title="Maintained records"
        testId="maintained-records"
        records={user.maintainedRecords}
        empty={own ? 'You do not maintain a record yet. Claim a record from its page to become a maintainer.' : 'No maintained records.'}
      />
      {own && (
        <RecordListSection
          title="Records in curation"
          testId="records-in-curation"
          records={inCuration}
          empty="No record of yours is waiting for a curator’s approval. Records you create wait here until one approves them."
        />
      )}
      <SavedSearchesSection userId={Number(user.id)} own={own} />
      {own && (
        <ListSection title="Claims" testId="claims" count={user.maintenanceRequests.length} empty="You have not asked to maintain a record yet. Use Claim on the page of a record you look after; a curator decides.">
          {user.maintenanceRequests.map((request, index) => (
            <li key={`${request.fairsharingRecord?.id ?? 'record'}-${index}`}>
              {request.fairsharingRecord ? <RouterLink to={`/${request.fairsharingRecord.id}`}>{request.fairsharingRecord.name}</RouterLink> : 'A removed record'}
              <span className="meta" data-testid="claim-status">{[claimStatusLabel(request.status), formatShortDate(request.createdAt)].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ListSection>
      )}
      {own && (
        <ListSection title="Edits" testId="edits" count={user.editEvents.length} empty="You have not edited a record yet. Your changes to records are listed here.">
          {user.editEvents.map((event) => (
            <li key={event.id} data-testid="edit-event">
              {event.fairsharingRecord ? <RouterLink to={`/${event.fairsharingRecord.id}#history`}>{event.fairsharingRecord.name}</RouterLink> : 'A removed record'}
              <span>{editSummary(event.description)}</span>
              <span className="meta">{formatShortDate(event.createdAt)}</span>
            </li>
          ))}
        </ListSection>
      )}
    </Box>
  );
}
