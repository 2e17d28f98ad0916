// Placeholder until the screen is built (issue 5).
export function OrderConfirmationPage() {
  return <main className="page">OrderConfirmationPage</main>;
}
