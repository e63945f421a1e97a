/** A count as the app shows it ('12,345'), or a dash while it is unknown. */
export function formatCount(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-GB');
}
