// Placeholder so the router's lazy import resolves; the real page is being built.
export function AdvancedSearchPage() {
  return <p>Advanced search</p>;
}
