// Placeholder until the screen is built (issue 5).
export function StoredQuotePage() {
  return <main className="page">StoredQuotePage</main>;
}
