/** Page links: previous, a window of pages around the current one, next. */
import { Button, HStack, Text } from '@chakra-ui/react';
import { pageWindow } from './page-window.ts';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap" justify="center" py="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((entry, index) =>
        entry === null ? (
          <Text key={`gap-${index}`} as="span" aria-hidden="true" px="1">
            …
          </Text>
        ) : (
          <Button
            key={entry}
            size="sm"
            variant={entry === page ? 'solid' : 'ghost'}
            aria-current={entry === page ? 'page' : undefined}
            aria-label={`Page ${entry}`}
            onClick={() => onPage(entry)}
          >
            {entry}
          </Button>
        ),
      )}
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
