// Placeholder until the screen is built (issue 5).
export function CompleteQuotePage() {
  return <main className="page">CompleteQuotePage</main>;
}
