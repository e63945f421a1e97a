// Placeholder so the router's lazy import resolves; the real page is being built.
export function SearchPage() {
  return <p>Search</p>;
}
