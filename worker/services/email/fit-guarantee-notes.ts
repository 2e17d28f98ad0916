// The fit guarantee in the order e-mails (shared/fit-guarantee.ts): each covered or eligible line
// says so under its size, and a short paragraph says what the guarantee means and links its terms.
// Nothing is added when no line is eligible.
import { html, type SafeHtml } from '../../lib/html';
import { FIT_GUARANTEE_PATH, FIT_GUARANTEE_PROMISE, fitGuaranteeText } from '../../shared/fit-guarantee';
import type { PricedLineDto } from '../../shared/orders-api';

type GuaranteedLine = Pick<PricedLineDto, 'fit_guarantee' | 'measured_size_source'>;

/** 'Fit guarantee: measured with the A4 photo scan and confirmed by our team from your photo.', or ''. */
export function lineFitNote(line: GuaranteedLine): string {
  return fitGuaranteeText(line.fit_guarantee, line.measured_size_source) ?? '';
}

export function lineFitNoteHtml(line: GuaranteedLine): SafeHtml | '' {
  const note = lineFitNote(line);
  return note ? html`<br><span style="color:#065f46;font-size:13px;">${note}</span>` : '';
}

const TERMS = FIT_GUARANTEE_PROMISE;

/** Under the lines, when any line is covered or will be: what it means and where the terms are. */
export function fitGuaranteeTermsHtml(lines: readonly GuaranteedLine[], origin: string | null): SafeHtml | '' {
  if (!lines.some((l) => l.fit_guarantee)) return '';
  return html`<p style="font-size:14px;margin:0 0 12px;padding:8px 10px;background:#ecfdf5;border-radius:6px;">${TERMS}${
    origin ? html` <a href="${origin}${FIT_GUARANTEE_PATH}" style="color:#065f46;">Read the fit guarantee terms</a>.` : ''
  }</p>`;
}

export function fitGuaranteeTermsText(lines: readonly GuaranteedLine[], origin: string | null): string[] {
  if (!lines.some((l) => l.fit_guarantee)) return [];
  return [`${TERMS}${origin ? ` Terms: ${origin}${FIT_GUARANTEE_PATH}` : ''}`, ''];
}
