// The estimated-size marks of the quote and order e-mails (DESIGN.md section 7b): a line whose size
// is an estimate says so, the customer is told the team confirms the sizes before production, and
// staff see 'Sizes to be confirmed'. Nothing is added when every size was measured.
import type { PricedLineDto } from '../../shared/orders-api';
import {
  ESTIMATE_BADGE,
  ESTIMATE_LINE_NOTE,
  LINE_SIZE_SOURCE_LABELS,
  SIZES_CONFIRM_NOTE,
  SIZES_TO_BE_CONFIRMED,
  sizesToConfirm,
} from '../../shared/size-sources';
import { html, type SafeHtml } from '../../lib/html';

type SizedLine = Pick<PricedLineDto, 'size_source' | 'size_estimated'>;

/** 'Estimate (photo scan without an A4 sheet): we'll confirm this size before production', or '' for a measured size. */
export function lineSizeNote(line: SizedLine): string {
  if (!line.size_estimated || !line.size_source) return '';
  const why = LINE_SIZE_SOURCE_LABELS[line.size_source].replace(/^estimate: /, '');
  return `${ESTIMATE_BADGE} (${why}): ${ESTIMATE_LINE_NOTE.charAt(0).toLowerCase()}${ESTIMATE_LINE_NOTE.slice(1)}`;
}

export function lineSizeNoteHtml(line: SizedLine): SafeHtml | '' {
  const note = lineSizeNote(line);
  return note ? html`<br><span style="color:#92400e;font-size:13px;font-weight:bold;">${note}</span>` : '';
}

/** For the customer: the team confirms the sizes (only when any size is an estimate). */
export function sizesConfirmHtml(lines: readonly SizedLine[]): SafeHtml | '' {
  return sizesToConfirm(lines)
    ? html`<p style="font-size:14px;margin:0 0 12px;padding:8px 10px;background:#fef3c7;border-radius:6px;"><strong>${SIZES_CONFIRM_NOTE}</strong> Some sizes are estimates; we will contact you to measure or check them, and nothing is made until they are confirmed.</p>`
    : '';
}

export function sizesConfirmText(lines: readonly SizedLine[]): string[] {
  return sizesToConfirm(lines)
    ? [
        `${SIZES_CONFIRM_NOTE} Some sizes are estimates; we will contact you to measure or check them, and nothing is made until they are confirmed.`,
        '',
      ]
    : [];
}

/** For staff: 'Sizes to be confirmed' and which lines are estimates. */
export function sizesToBeConfirmedHtml(lines: readonly (SizedLine & Pick<PricedLineDto, 'line_no'>)[]): SafeHtml | '' {
  if (!sizesToConfirm(lines)) return '';
  const which = lines
    .filter((l) => l.size_estimated)
    .map((l) => `blind ${l.line_no}`)
    .join(', ');
  return html`<p style="font-size:15px;margin:0 0 12px;padding:8px 10px;background:#fef3c7;border-radius:6px;"><strong>${SIZES_TO_BE_CONFIRMED}</strong>: ${which} ${which.includes(',') ? 'are estimates' : 'is an estimate'}. Confirm with the customer before production.</p>`;
}

export function sizesToBeConfirmedText(lines: readonly (SizedLine & Pick<PricedLineDto, 'line_no'>)[]): string[] {
  if (!sizesToConfirm(lines)) return [];
  const which = lines
    .filter((l) => l.size_estimated)
    .map((l) => `blind ${l.line_no}`)
    .join(', ');
  return [
    `${SIZES_TO_BE_CONFIRMED}: ${which} ${which.includes(',') ? 'are estimates' : 'is an estimate'}. Confirm with the customer before production.`,
    '',
  ];
}
