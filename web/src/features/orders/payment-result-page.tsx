// Placeholder until the screen is built (issue 5).
export function PaymentResultPage() {
  return <main className="page">PaymentResultPage</main>;
}
