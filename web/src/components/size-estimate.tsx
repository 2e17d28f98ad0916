// The estimated-size marks (DESIGN.md section 7b): an 'Estimate' badge with its note on a line whose
// size is an estimate (calculator, quote document, stored quote, order confirmation), and the
// customer's note that the team confirms the sizes before production. Nothing for measured sizes.
import {
  ESTIMATE_BADGE,
  ESTIMATE_LINE_NOTE,
  isEstimatedSize,
  LINE_SIZE_SOURCE_LABELS,
  SIZES_CONFIRM_NOTE,
  sizesToConfirm,
  type LineSizeSource,
} from '@shared/size-sources';

/** 'Estimate · We'll confirm this size before production' after a line's size; null for a measured size. */
export function SizeEstimateBadge({ source }: { source: string | null | undefined }) {
  if (!isEstimatedSize(source)) return null;
  const why = LINE_SIZE_SOURCE_LABELS[source as LineSizeSource].replace(/^estimate: /, '');
  return (
    <span className="size-estimate" data-testid="size-estimate" title={`Estimated size: ${why}`}>
      <span className="badge badge--warning">{ESTIMATE_BADGE}</span> <span className="size-estimate__note">{ESTIMATE_LINE_NOTE}</span>
    </span>
  );
}

/** The order-level note for the customer, when any line's size is an estimate. */
export function SizesConfirmNote({ lines }: { lines: readonly { size_source?: string | null }[] }) {
  if (!sizesToConfirm(lines)) return null;
  return (
    <p className="size-estimate-note" role="note" data-testid="sizes-confirm-note">
      <strong>{SIZES_CONFIRM_NOTE}</strong> Some sizes are estimates: we will contact you to measure or check them, and nothing is made
      until they are confirmed.
    </p>
  );
}
