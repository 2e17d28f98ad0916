// The privacy notice states the retention periods the daily job deletes by: its table is
// built from the constants of worker/shared/retention-schedule.ts, and says how each kind goes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETENTION_SCHEDULE } from '../../web/src/app/routes/privacy-schedule';
import { retentionPeriod } from '@shared/retention-schedule';

const row = (what: RegExp) => {
  const found = RETENTION_SCHEDULE.find((r) => what.test(r.what));
  if (!found) throw new Error(`no row for ${what}`);
  return found;
};

describe('privacy notice retention table', () => {
  it('says each period as the decision record does', () => {
    expect(row(/^Enquiries/).period).toBe('2 years');
    expect(row(/^Conversations/).period).toBe('90 days after your last message');
    expect(row(/^Photos/).period).toBe('90 days');
    expect(row(/^The text of e-mails/).period).toBe('90 days (who and when: 5 years)');
    expect(row(/^Saved quotes/).period).toBe('1 year');
    expect(row(/^Order request keys/).period).toBe('30 days');
    expect(row(/^Visit statistics/).period).toBe('13 months');
    expect(row(/^Orders and payments/).period).toBe('at least 5 years');
    expect(row(/^Notes from a site visit/).period).toBe('2 years after the last change');
    expect(row(/^Notes from a site visit/).deleted).toContain('removed for good 90 days later');
  });

  it('names idempotency keys and does not claim orders and tracking are deleted automatically', () => {
    expect(row(/^Order request keys/).deleted).toBe('automatically, every day');
    expect(row(/^Orders and payments/).deleted).toMatch(/^not automatically/);
    expect(row(/^Courier tracking/).deleted).toBe('with the order');
    const page = readFileSync(new URL('../../web/src/app/routes/privacy.tsx', import.meta.url), 'utf8');
    expect(page).not.toContain('delete it automatically');
  });

  it('words periods in days, months and years', () => {
    expect(retentionPeriod(90)).toBe('90 days');
    expect(retentionPeriod(365)).toBe('1 year');
    expect(retentionPeriod(730)).toBe('2 years');
    expect(retentionPeriod(5 * 365 + 2)).toBe('5 years');
    expect(retentionPeriod(400)).toBe('13 months');
  });
});
