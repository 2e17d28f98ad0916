// The label of prices from a sample grid (DESIGN.md section 6), in the one wording the server's
// e-mails, PDF and consultant answers use (worker/shared/sample-prices.ts).
import { SAMPLE_PRICES_LABEL, SAMPLE_PRICES_NOTE } from '@shared/sample-prices';

/** Badge and sentence, to sit inside a line of text. */
export function SamplePricesText() {
  return (
    <>
      <span className="badge badge--warning">{SAMPLE_PRICES_LABEL}</span> {SAMPLE_PRICES_NOTE}
    </>
  );
}

/** The same as a note of its own. */
export function SamplePricesNote({ className = '' }: { className?: string }) {
  return (
    <p className={`sample-prices-note ${className}`.trim()} role="note" data-testid="sample-prices-note">
      <SamplePricesText />
    </p>
  );
}
