/** Which page buttons the pagination offers. */
/** The page numbers to offer, with null for a gap ("…"). Pure so it can be unit-tested. */
export function pageWindow(current: number, total: number, spread = 2): Array<number | null> {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set<number>([1, total]);
  for (let page = current - spread; page <= current + spread; page += 1) if (page >= 1 && page <= total) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) result.push(null);
    result.push(page);
  });
  return result;
}
