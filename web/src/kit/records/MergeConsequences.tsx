/** What a merge does, as the merge dialogs (the dashboard's tab, a record page's "Merge into…") say before it is confirmed. */
import { Text } from '@chakra-ui/react';
import type { RecordChoice } from './record-merge.ts';

export function MergeConsequences({ duplicate, kept }: { duplicate: RecordChoice; kept: RecordChoice }) {
  return (
    <Text data-testid="merge-confirmation">
      {duplicate.name} (record {duplicate.id}) is removed and its links move to {kept.name} (record {kept.id}), which its address and DOI will lead to.
      This cannot be undone.
    </Text>
  );
}
