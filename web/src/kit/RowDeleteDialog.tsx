/** The confirmation before deleting one row of a list edited with useEditableRows. */
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { EditableRows } from './useEditableRows.ts';

export function RowDeleteDialog<T>({ rows, title, action, done, remove, children }: {
  rows: Pick<EditableRows<T>, 'deleting' | 'setDeleting' | 'busy' | 'run'>;
  title: string;
  action: string;
  /** The success answer. */
  done: string;
  remove(row: T): Promise<unknown>;
  /** What deleting this row does, said in the dialog. */
  children(row: T): ReactNode;
}) {
  const { deleting, setDeleting, busy, run } = rows;
  return (
    <ConfirmDialog
      open={deleting !== null}
      title={title}
      action={action}
      busy={busy}
      onClose={() => setDeleting(null)}
      onConfirm={() => deleting !== null && void run(() => remove(deleting), done)}
    >
      {deleting !== null && children(deleting)}
    </ConfirmDialog>
  );
}
