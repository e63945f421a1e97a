/**
 * Curators' downloads and the curation summary: the three CSV files (GET /files/no_dois,
 * /files/creation_dates, /files/edit_dates; fetched with the sign-in token, then offered as a
 * file) and the summary figures per registry (GraphQL curatorSummaryStatistics) as a table.
 */
import { useState } from 'react';
import { Button, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { failureText, saveFile } from '../api/client.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { RowsTable } from './RowsTable.tsx';
import { CURATION_FILES, loadCurationFile, loadCurationSummary, type CurationFileName, type CurationSummaryFigures } from './site-admin-api.ts';

const SUMMARY_COLUMNS = [
  ['records', 'Records'],
  ['awaitingApproval', 'Awaiting approval'],
  ['hidden', 'Hidden'],
  ['incomplete', 'Incomplete'],
  ['withoutDoi', 'Without a DOI'],
] as const;

const failure = (error: unknown, what: string) => (failureText(error, `${what} could not be loaded; try again.`));

function CurationFiles() {
  const [busy, setBusy] = useState<CurationFileName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (name: CurationFileName) => {
    setBusy(name);
    setError(null);
    try {
      saveFile(`${name}.csv`, 'text/csv;charset=utf-8', await loadCurationFile(name));
    } catch (caught) {
      setError(failure(caught, 'The file'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">Files (CSV)</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {CURATION_FILES.map((file) => (
          <Stack key={file.name} gap="2" borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold">{file.title}</Text>
            <Text fontSize="sm" flex="1">{file.description}</Text>
            <Button size="sm" variant="outline" alignSelf="flex-start" loading={busy === file.name} onClick={() => void download(file.name)} data-testid={`download-${file.name}`}>
              Download {file.name}.csv
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      {error && <FormAnswer kind="error">{error}</FormAnswer>}
    </Stack>
  );
}

function CurationSummary() {
  const loaded = useLoad<CurationSummaryFigures>({ key: 'curation-summary', load: () => loadCurationSummary() });
  const summary = loaded.status === 'ready' ? loaded.data : null;
  const error = loaded.status === 'error' ? failure(loaded.error, 'The summary') : null;
  if (error) return <FormAnswer kind="error">{error}</FormAnswer>;
  if (!summary) return <Text color="fg.muted">Loading the summary…</Text>;
  const total = (key: (typeof SUMMARY_COLUMNS)[number][0]) => summary.registries.reduce((sum, row) => sum + row[key], 0);
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">Curation summary</Heading>
      <Text data-testid="pending-claims">Claims waiting for a decision: {summary.pendingClaims.toLocaleString('en')}</Text>
      <RowsTable label="Records per registry by curation state" headings={['Registry', ...SUMMARY_COLUMNS.map(([, heading]) => heading)]} testId="curation-summary" numericFrom={1}>
        {summary.registries.map((row) => (
          <Table.Row key={row.registry}>
            <Table.Cell>{row.registry}</Table.Cell>
            {SUMMARY_COLUMNS.map(([key]) => (
              <Table.Cell key={key} textAlign="end">{row[key].toLocaleString('en')}</Table.Cell>
            ))}
          </Table.Row>
        ))}
        <Table.Row fontWeight="semibold">
          <Table.Cell>All registries</Table.Cell>
          {SUMMARY_COLUMNS.map(([key]) => (
            <Table.Cell key={key} textAlign="end">{total(key).toLocaleString('en')}</Table.Cell>
          ))}
        </Table.Row>
      </RowsTable>
    </Stack>
  );
}

export function DownloadsTab() {
  return (
    <Stack gap="6" data-testid="downloads-tab">
      <Heading as="h2" size="lg">Downloads and curation summary</Heading>
      <CurationFiles />
      <CurationSummary />
    </Stack>
  );
}
