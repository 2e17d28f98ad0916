// The dates a customer can plan on (worker/shared/delivery-dates.ts) as the receipt and the tax
// invoice print them: the order's expected dispatch and its delivery window or 'installed by' date,
// only while they are still ahead (OrderProgressDto.dates: none once dispatched or cancelled).
import { arrivalSentence, datesBasisNote, dispatchSentence, SAMPLE_LEAD_TIME_NOTE, type DeliveryEstimate } from '../shared/delivery-dates';

export const DATES_HEADING = 'When to expect your order';

/** The lines under DATES_HEADING, in the words of the order page. */
export function printedDates(dates: DeliveryEstimate): string[] {
  return [
    dispatchSentence(dates),
    arrivalSentence(dates),
    datesBasisNote(dates),
    ...(dates.sampleLeadTime ? [`Dates ${SAMPLE_LEAD_TIME_NOTE}.`] : []),
  ];
}

/** The receipt's 'What happens next' production line: the order's own lead time when it has one (spec section 9's 7-10 otherwise). */
export function productionStep(leadTimeWorkingDays: number | null | undefined): string {
  return leadTimeWorkingDays
    ? `Production takes ${leadTimeWorkingDays} working days for your order once it is confirmed.`
    : 'Production takes 7-10 business days once your order is confirmed.';
}
