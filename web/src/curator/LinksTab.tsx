/**
 * The dashboard's Links tab (curators): links broken for at least N days, or permanently
 * redirected, filtered by registry. The choices live in the URL beside the tab
 * (`?tab=links&view=redirected&registry=Database&days=14&page=2`). A redirected link offers to
 * update its record to the final URL: a record edit the API saves through the record save path.
 */
import { useState } from 'react';
import { Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { failureText } from '../api/client.ts';
import { FormAnswer, type FormAnswerState } from '../kit/FormFields.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { Pagination } from '../kit/Pagination.tsx';
import { SelectField } from '../kit/SelectField.tsx';
import { formatShortDate } from '../kit/format/dates.ts';
import { adoptFinalUrl, checkState, KIND_LABELS, loadLinkReport, type LinkHealthEntry, type LinkReportView } from '../kit/records/link-health-api.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { RecordLink } from './RecordRowParts.tsx';
import { RowsTable } from './RowsTable.tsx';

const PAGE_SIZE = 50;
const VIEWS = [{ value: 'broken', label: 'Broken' }, { value: 'redirected', label: 'Redirected permanently' }] as const;
const DAY_CHOICES = ['', '0', '3', '7', '14', '30', '90'];

function UrlCell({ url }: { url: string }) {
  return <Link href={url} target="_blank" rel="noreferrer noopener" wordBreak="break-all" color="brand.700">{url}</Link>;
}

export function LinksTab() {
  const [params, setParams] = useSearchParams();
  const view: LinkReportView = params.get('view') === 'redirected' ? 'redirected' : 'broken';
  const registry = params.get('registry') ?? '';
  const brokenDays = params.get('days') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<FormAnswerState | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const query = { view, registry, brokenDays, offset: (page - 1) * PAGE_SIZE };
  const result = useLoad({ key: JSON.stringify({ ...query, reloads }), load: (signal) => loadLinkReport(query, signal) });
  const report = latestData(result);

  /** Changes one choice in the URL (back and forward restore it); a new filter starts at page 1. */
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  const adopt = async (entry: LinkHealthEntry) => {
    setBusy(entry.id);
    try {
      await adoptFinalUrl(entry.id);
      setAnswer({ kind: 'success', text: `${entry.record.name} now links to ${entry.final_url}.` });
      setReloads((count) => count + 1);
    } catch (error) {
      setAnswer({ kind: 'error', text: failureText(error, 'The record could not be updated.') });
    } finally {
      setBusy(null);
    }
  };

  const registryOptions = [{ value: '', label: 'All registries' }, ...(report?.registries ?? []).map((row) => ({
    value: row.registry, label: `${row.registry} (${view === 'broken' ? row.broken : row.redirected})`,
  }))];
  const dayLabel = (days: string) => (days === '' ? `Default (${report?.broken_days ?? '…'} days)` : `${days} days or more`);

  return (
    <Stack gap="4" data-testid="links-tab">
      <Text>
        The scheduler checks every public record’s homepage, support links and access points over a few days. A link is broken
        once it has failed for the chosen number of days; a check made without network counts for nothing.
      </Text>
      <HStack gap="4" flexWrap="wrap" align="end">
        <SelectField label="Show" testId="links-view" value={view} options={VIEWS} onChange={(value) => choose('view', value)} />
        <SelectField label="Registry" testId="links-registry" value={registry} options={registryOptions} onChange={(value) => choose('registry', value)} />
        {view === 'broken' && (
          <SelectField label="Failing for" testId="links-days" value={brokenDays} options={DAY_CHOICES.map((days) => ({ value: days, label: dayLabel(days) }))} onChange={(value) => choose('days', value)} />
        )}
      </HStack>
      {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
      {result.status === 'error' && <FormAnswer kind="error">{result.message}</FormAnswer>}
      {!report && result.status === 'loading' && <PageLoading label="Loading the link checks…" />}
      {report && report.links.length === 0 && (
        <Text color="fg.muted">{view === 'broken' ? 'No link has been broken that long.' : 'No link is redirected permanently.'}</Text>
      )}
      {report && report.links.length > 0 && (
        <>
          <Text data-testid="links-total">{report.total} {report.total === 1 ? 'link' : 'links'}</Text>
          <RowsTable label={view === 'broken' ? 'Broken links' : 'Permanently redirected links'} testId="links-table"
            headings={view === 'broken' ? ['Record', 'Registry', 'Link', 'URL', 'Last answer', 'Failing since', 'Last checked'] : ['Record', 'Registry', 'Link', 'URL', 'Leads to', 'Action']}>
            {report.links.map((entry) => (
              <Table.Row key={entry.id} data-testid="links-row">
                <Table.Cell><RecordLink id={entry.record.id} name={entry.record.name} /></Table.Cell>
                <Table.Cell>{entry.record.registry}</Table.Cell>
                <Table.Cell>{KIND_LABELS[entry.kind]}</Table.Cell>
                <Table.Cell maxW="xs"><UrlCell url={entry.url} /></Table.Cell>
                {view === 'broken' ? (
                  <>
                    <Table.Cell>{checkState(entry)}</Table.Cell>
                    <Table.Cell>{formatShortDate(entry.first_failure_at)} ({entry.consecutive_failures} in a row)</Table.Cell>
                    <Table.Cell>{formatShortDate(entry.last_checked_at)}</Table.Cell>
                  </>
                ) : (
                  <>
                    <Table.Cell maxW="xs">{entry.final_url && <UrlCell url={entry.final_url} />}</Table.Cell>
                    <Table.Cell>
                      <Button size="xs" variant="outline" loading={busy === entry.id} onClick={() => void adopt(entry)} aria-label={`Update ${entry.record.name} to the final URL`}>
                        Update to the final URL
                      </Button>
                    </Table.Cell>
                  </>
                )}
              </Table.Row>
            ))}
          </RowsTable>
          <Pagination page={page} totalPages={Math.max(1, Math.ceil(report.total / PAGE_SIZE))} onPage={(next) => choose('page', String(next))} />
        </>
      )}
    </Stack>
  );
}
