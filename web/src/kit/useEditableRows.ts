/**
 * The state of a dashboard tab that lists rows and edits them in one form: the rows, the row
 * being edited (null: the form adds a new one), the row awaiting a delete confirmation, and the
 * server's answer to the last action. Every action reloads the rows from the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../api/client.ts';
import type { FormAnswerState } from './FormFields.tsx';

export function useEditableRows<T>(load: () => Promise<T[]>, onLoaded?: (rows: T[]) => void) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [answer, setAnswer] = useState<FormAnswerState | null>(null);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const loaded = await load();
    setRows(loaded);
    onLoaded?.(loaded);
  }, [load, onLoaded]);

  useEffect(() => {
    reload().catch((error: unknown) => setAnswer({ kind: 'error', text: failureText(error, 'The list could not be loaded.') }));
  }, [reload]);

  /** Runs one change; true when the server took it. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    setAnswer(null);
    try {
      await action();
      setAnswer({ kind: 'success', text: success });
      setEditing(null);
      setDeleting(null);
      await reload();
      return true;
    } catch (error) {
      setAnswer({ kind: 'error', text: failureText(error, 'That did not work; try again.') });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { rows, answer, editing, setEditing, deleting, setDeleting, busy, run };
}

export type EditableRows<T> = ReturnType<typeof useEditableRows<T>>;
