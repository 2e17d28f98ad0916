// Placeholder until the screen is built (issue 5).
export function QuoteCalculatorPage() {
  return <main className="page">QuoteCalculatorPage</main>;
}
