// Placeholder until the screen is built (issue 5).
export function QuoteDocumentPage() {
  return <main className="page">QuoteDocumentPage</main>;
}
