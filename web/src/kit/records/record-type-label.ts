/**
 * The display name of a record type (`terminology_artefact` → "Terminology artefact"), as the
 * result badges and record pages write it; names whose capitals carry meaning are spelled out.
 */
import { humanise } from './RecordBadges.tsx';

const SPELLED_OUT: Readonly<Record<string, string>> = {
  // The FAIRassist service's own spelling.
  fairassist: 'FAIRassist',
};

export function recordTypeLabel(type: string | null | undefined): string {
  if (!type) return '—';
  return SPELLED_OUT[type] ?? humanise(type);
}
