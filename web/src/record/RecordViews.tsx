/**
 * Reports one view of the record page to the server (which keeps no visitor data) and shows the
 * record's counted views. A view is one visit of a history entry: React's development double
 * effect and re-renders do not count twice, coming back through the history does.
 */
import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { restGet, restPost } from '../api/client.ts';
import { formatCount } from '../kit/format/counts.ts';

let lastCountedVisit = '';

export function RecordViews({ recordId }: { recordId: number | string }) {
  const { key } = useLocation();
  const [views, setViews] = useState<number | null>(null);

  useEffect(() => {
    const visit = `${recordId}:${key}`;
    if (visit === lastCountedVisit) return;
    lastCountedVisit = visit;
    // A lost view is not the visitor's problem: failures are ignored.
    restPost(`/record_views/${recordId}`, undefined).catch(() => undefined);
  }, [recordId, key]);

  useEffect(() => {
    const controller = new AbortController();
    restGet<{ views: number }>(`/record_views/${recordId}`, { signal: controller.signal }).then(
      (answer) => setViews(answer.views),
      () => undefined,
    );
    return () => controller.abort();
  }, [recordId]);

  if (views === null) return null;
  return (
    <Text fontSize="sm" color="fg.muted" mt="2" data-testid="record-views">
      {formatCount(views)} {views === 1 ? 'view' : 'views'}
    </Text>
  );
}
