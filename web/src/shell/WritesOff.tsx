/**
 * Why writes are off, where a write control is shown. The viewer decides (its `siteReadOnly`,
 * which `can()` reads): controls whose action `can()` refuses are hidden by their screens; the
 * ones a person expects to find (Edit, Watch, Claim, sign-up, the editor's forms) stay in place,
 * disabled, with the read-only banner's words (SPEC §1) as their tooltip.
 */
import { Alert } from '@chakra-ui/react';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { READ_ONLY_BANNER_TEXT } from './SiteMessages.tsx';
import { useViewer } from '../state/sessionViewer.ts';

/** The reason writes are off right now, or null while they are on. */
export function useWritesOff(): string | null {
  return useViewer().siteReadOnly ? READ_ONLY_BANNER_TEXT : null;
}

/** One write button: while writes are off it is disabled and its wrapper gives the reason on hover. */
export function WriteControl({ children }: { children: ReactElement<{ disabled?: boolean }> }) {
  const reason = useWritesOff();
  if (!reason) return children;
  return (
    <span title={reason} data-testid="writes-off" style={{ display: 'inline-flex' }}>
      {cloneElement(children, { disabled: true })}
    </span>
  );
}

/** In place of a form while writes are off: the reason, once. */
export function WritesOffNotice({ what }: { what: string }) {
  const reason = useWritesOff();
  if (!reason) return null;
  return (
    <Alert.Root status="info" data-testid="writes-off-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{what} is not possible while the site is read-only.</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Around a form: while writes are off, every field and button in it is disabled (what was typed
 * is kept) and hovering gives the reason.
 */
export function WritesOffFieldset({ children }: { children: ReactNode }) {
  const reason = useWritesOff();
  return (
    <fieldset disabled={reason !== null} title={reason ?? undefined} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
