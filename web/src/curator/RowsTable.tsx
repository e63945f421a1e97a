/** The pieces of the dashboard's editing tabs: the table of rows, each row's actions, the form's buttons. */
import { Button, HStack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The table scrolls sideways on a phone (focusable, so keyboards can scroll it too). `numericFrom`: the columns from this index on hold figures, aligned to the end. */
export function RowsTable({ label, headings, children, testId, numericFrom }: { label: string; headings: string[]; children: ReactNode; testId?: string; numericFrom?: number }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" data-testid={testId}>
        <Table.Caption srOnly>{label}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headings.map((heading, index) => (
              <Table.ColumnHeader key={heading} scope="col" textAlign={numericFrom !== undefined && index >= numericFrom ? 'end' : undefined}>{heading}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Edit and Delete buttons of one row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  return (
    <Table.Cell>
      <HStack gap="2">
        <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>Edit</Button>
        <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${name}`}>Delete</Button>
      </HStack>
    </Table.Cell>
  );
}

/** The form's submit button (adds, or saves the row being edited) and Cancel while editing. */
export function EditFormButtons({ editing, addLabel, busy, onCancel }: { editing: boolean; addLabel: string; busy: boolean; onCancel(): void }) {
  return (
    <HStack gap="2">
      <Button type="submit" bg="brand.700" color="white" loading={busy}>
        {editing ? 'Save changes' : addLabel}
      </Button>
      {editing && <Button variant="outline" onClick={onCancel}>Cancel</Button>}
    </HStack>
  );
}
