/**
 * A quiet line under a record's homepage: "Homepage unreachable since <date>", shown only when
 * the link checks saw it fail repeatedly over the broken period (the API decides; anyone who may
 * see the record may read it). Nothing while loading, on an error, or when the homepage answers.
 */
import { Text } from '@chakra-ui/react';
import { formatShortDate } from '../kit/format/dates.ts';
import { loadHomepageNote } from '../kit/records/link-health-api.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

export function HomepageUnreachableNote({ recordId }: { recordId: number | string }) {
  const result = useLoad({ key: `homepage-note-${recordId}`, load: (signal) => loadHomepageNote(recordId, signal) });
  const since = latestData(result)?.homepage_unreachable_since;
  if (!since) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="homepage-unreachable">
      Homepage unreachable since <time dateTime={since}>{formatShortDate(since)}</time>
    </Text>
  );
}
