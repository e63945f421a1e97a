/**
 * On one's profile: the broken links of the records one maintains or created (failing for at
 * least the broken period), each with its record, what the last check found and since when.
 * Shown only when there are some.
 */
import { Box, Heading, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatShortDate } from '../kit/format/dates.ts';
import { checkState, KIND_LABELS, loadOwnBrokenLinks } from '../kit/records/link-health-api.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

export function BrokenLinksPanel() {
  const own = latestData(useLoad({ key: 'own-broken-links', load: (signal) => loadOwnBrokenLinks(signal) }));
  if (!own || own.links.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="broken-links-heading" borderWidth="1px" rounded="md" p="4" data-testid="broken-links">
      <Heading as="h2" id="broken-links-heading" size="lg" mb="2">Broken links in your records</Heading>
      <Text mb="3" color="fg.muted">These links have failed for {own.broken_days} days or more. Edit the record to correct them.</Text>
      <List.Root gap="2" ps="5">
        {own.links.map((entry) => (
          <List.Item key={entry.id}>
            <RouterLink to={`/${entry.record.id}`}>{entry.record.name}</RouterLink>: {KIND_LABELS[entry.kind].toLowerCase()}{' '}
            <Text as="span" wordBreak="break-all">{entry.url}</Text> — {checkState(entry)}, since {formatShortDate(entry.first_failure_at)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
