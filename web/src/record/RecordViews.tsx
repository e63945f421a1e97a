/**
 * Reports one view of the record page to the server (which keeps no visitor data) and shows the
 * record's counted views. A view is one visit of a history entry: React's development double
 * effect and re-renders do not count twice, coming back through the history does.
 */
import { Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rest } from '../api/client.ts';
import { latestData, useRestGet } from '../kit/useLoad.ts';
import { formatCount } from '../kit/format/counts.ts';

let lastCountedVisit = '';

export function RecordViews({ recordId }: { recordId: number | string }) {
  const { key } = useLocation();

  useEffect(() => {
    const visit = `${recordId}:${key}`;
    if (visit === lastCountedVisit) return;
    lastCountedVisit = visit;
    // A lost view is not the visitor's problem: failures are ignored.
    rest('post', '/record_views/{id}', { path: { id: Number(recordId) } }).catch(() => undefined);
  }, [recordId, key]);

  const views = latestData(useRestGet('/record_views/{id}', { path: { id: Number(recordId) } }))?.views ?? null;

  if (views === null) return null;
  return (
    <Text fontSize="sm" color="fg.muted" mt="2" data-testid="record-views">
      {formatCount(views)} {views === 1 ? 'view' : 'views'}
    </Text>
  );
}
