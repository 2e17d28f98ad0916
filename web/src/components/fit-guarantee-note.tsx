// The fit guarantee beside a line's size (order page, receipt, quote document, calculator): what the
// server computed for an order line ('covered' or 'pending'), or for a line not yet ordered, pending
// when it was measured from a kept photo against a real size. Nothing for any other line, so no
// estimate or typed size reads as guaranteed. Links the terms at /fit-guarantee.
import { Link } from 'react-router';
import { FIT_GUARANTEE_PATH, fitGuaranteeText, isGuaranteeSource, type FitGuarantee } from '@shared/fit-guarantee';

export interface GuaranteeLine {
  size_source?: string | null;
  measured_size_source?: string | null;
  fit_guarantee?: FitGuarantee | null;
  photo_key?: string;
}

/** The server's answer when it gave one; a line still in the calculator is at most pending. */
export function lineFitGuarantee(line: GuaranteeLine): { status: FitGuarantee; text: string } | null {
  const measured = line.measured_size_source ?? line.size_source;
  const status = line.fit_guarantee !== undefined ? line.fit_guarantee : isGuaranteeSource(measured) && line.photo_key ? 'pending' : null;
  const text = fitGuaranteeText(status, measured);
  return status && text ? { status, text } : null;
}

export function FitGuaranteeNote({ line }: { line: GuaranteeLine }) {
  const guarantee = lineFitGuarantee(line);
  if (!guarantee) return null;
  return (
    <span className={`fit-guarantee fit-guarantee--${guarantee.status}`} data-testid="fit-guarantee" data-status={guarantee.status}>
      {guarantee.text} <Link to={FIT_GUARANTEE_PATH}>Fit guarantee terms</Link>
    </span>
  );
}
