/**
 * The dashboard's record tabs, each a paged, sortable table: approvals (new records awaiting
 * approval, and recent edits by people who are not curators), hidden records, incomplete records
 * (with what they lack), records needing review (not reviewed for a year; Mark reviewed) and
 * records recently created by curators.
 */
import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useFormAnswer } from '../kit/FormFields.tsx';
import { loadIncompleteRecords, loadNeedsReview, loadRecords, markReviewed, showRecord, type CurationRecord, type PageQuery, type RecordList } from './curation-api.ts';
import type { DueRecord } from './curation-json.ts';
import { PagedTable } from './PagedTable.tsx';
import { recordTypeLabel } from '../kit/records/record-type-label.ts';
import { CuratorCell, NotesCell, RecordActionsCell, RecordLink, shortDate } from './RecordRowParts.tsx';

const loader = (list: RecordList) => (query: PageQuery) => loadRecords(list, query);
const loadAwaiting = loader('curatorApprovalsRequired');
const loadEdits = loader('userApprovalsRequired');
const loadHidden = loader('hiddenRecords');
const loadCuratorCreations = loader('recentCuratorCreations');

/** One list of the approvals tab: each row with its curator, notes and actions. */
function CurationList({ title, load, approvable, who, testId }: { title: string; load(query: PageQuery): Promise<CurationRecord[]>; approvable: boolean; who: 'creator' | 'lastEditor'; testId: string }) {
  const { shown, success, error } = useFormAnswer();
  return (
    <Stack gap="3" as="section" aria-labelledby={`${testId}-title`}>
      <Heading as="h2" size="lg" id={`${testId}-title`}>{title}</Heading>
      {shown}
      <PagedTable
        label={title}
        testId={testId}
        headings={['Record', 'Type', who === 'creator' ? 'Created' : 'Edited', who === 'creator' ? 'By' : 'Edited by', 'Curator', 'Processing notes', 'Actions']}
        empty="Nothing to review here."
        load={load}
        renderRow={(record, reload) => (
          <Table.Row key={record.id} data-testid={`${testId}-row-${record.id}`}>
            <Table.Cell><RecordLink id={record.id} name={record.name} /></Table.Cell>
            <Table.Cell>{recordTypeLabel(record.type)}</Table.Cell>
            <Table.Cell>{shortDate(who === 'creator' ? record.createdAt : record.updatedAt)}</Table.Cell>
            <Table.Cell>{record[who]?.username ?? '—'}</Table.Cell>
            <CuratorCell record={record} onError={error} />
            <NotesCell record={record} onAdded={() => { success('Processing note added.'); reload(); }} />
            <RecordActionsCell record={record} approvable={approvable} onDone={(text) => { success(text); reload(); }} onError={error} />
          </Table.Row>
        )}
      />
    </Stack>
  );
}

export function ApprovalsTab() {
  return (
    <Stack gap="8">
      <CurationList title="New records awaiting approval" load={loadAwaiting} approvable who="creator" testId="awaiting-approval" />
      <CurationList title="Recent edits by users" load={loadEdits} approvable={false} who="lastEditor" testId="user-edits" />
    </Stack>
  );
}

export function HiddenTab() {
  const { shown, success, error } = useFormAnswer();
  return (
    <Stack gap="3">
      {shown}
      <PagedTable
        label="Hidden records"
        testId="hidden-records"
        headings={['Record', 'Type', 'Updated', 'Curator', 'Actions']}
        empty="No record is hidden."
        load={loadHidden}
        renderRow={(record, reload) => (
          <Table.Row key={record.id}>
            <Table.Cell><RecordLink id={record.id} name={record.name} /></Table.Cell>
            <Table.Cell>{recordTypeLabel(record.type)}</Table.Cell>
            <Table.Cell>{shortDate(record.updatedAt)}</Table.Cell>
            <Table.Cell>{record.curator?.username ?? '—'}</Table.Cell>
            <Table.Cell>
              <Button size="xs" variant="outline" aria-label={`Show ${record.name} again`}
                onClick={() => showRecord(record.id).then(() => { success(`${record.name} is public again.`); reload(); }, () => error('The record could not be shown; try again.'))}>
                Show again
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}

export function IncompleteTab() {
  return (
    <PagedTable
      label="Incomplete records"
      testId="incomplete-records"
      headings={['Record', 'Type', 'Updated', 'Missing']}
      empty="No record is marked incomplete."
      load={loadIncompleteRecords}
      renderRow={(record) => (
        <Table.Row key={record.id}>
          <Table.Cell><RecordLink id={record.id} name={record.name} /></Table.Cell>
          <Table.Cell>{recordTypeLabel(record.type)}</Table.Cell>
          <Table.Cell>{shortDate(record.updatedAt)}</Table.Cell>
          <Table.Cell>
            {(record.missing ?? []).length === 0
              ? <Text fontSize="sm">Marked incomplete by a curator</Text>
              : (record.missing ?? []).map((part) => <Badge key={part} mr="1" colorPalette="orange">{part}</Badge>)}
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}

export function NeedsReviewTab() {
  const { shown, success, error } = useFormAnswer();
  const [count, setCount] = useState<number | null>(null);
  const load = useCallback(async (query: PageQuery) => {
    const due = await loadNeedsReview(query);
    setCount(due.count);
    return due.records;
  }, []);
  return (
    <Stack gap="3">
      {shown}
      <PagedTable<DueRecord>
        label="Records needing review"
        testId="needs-review"
        sortable={false}
        header={count !== null && <Text>{count.toLocaleString('en-GB')} approved records have not been reviewed for a year; the oldest review comes first.</Text>}
        headings={['Record', 'Type', 'Last reviewed', 'Actions']}
        empty="Every record was reviewed within the year."
        load={load}
        renderRow={(record, reload) => (
          <Table.Row key={record.id}>
            <Table.Cell><RecordLink id={record.id} name={record.name} /></Table.Cell>
            <Table.Cell>{recordTypeLabel(record.type)}</Table.Cell>
            <Table.Cell>{record.lastReviewed ? shortDate(record.lastReviewed) : 'Never'}</Table.Cell>
            <Table.Cell>
              <Button size="xs" variant="outline" aria-label={`Mark ${record.name} reviewed`}
                onClick={() => markReviewed(record.id).then(() => { success(`${record.name} marked reviewed.`); reload(); }, () => error('The review could not be saved; try again.'))}>
                Mark reviewed
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}

export function CuratorCreationsTab() {
  return (
    <PagedTable
      label="Recently created by curators"
      testId="curator-creations"
      sortable={false}
      headings={['Record', 'Type', 'Created', 'By']}
      empty="Curators have created no record yet."
      load={loadCuratorCreations}
      renderRow={(record) => (
        <Table.Row key={record.id}>
          <Table.Cell><RecordLink id={record.id} name={record.name} /></Table.Cell>
          <Table.Cell>{recordTypeLabel(record.type)}</Table.Cell>
          <Table.Cell>{shortDate(record.createdAt)}</Table.Cell>
          <Table.Cell>{record.creator?.username ?? '—'}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}
