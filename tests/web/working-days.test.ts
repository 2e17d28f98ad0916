// South African working days (worker/shared/working-days.ts): the public holidays of the Public
// Holidays Act 1994, written out by hand for 2026 and 2027 from the Act and that year's Easter.
import { describe, expect, it } from 'vitest';
import { addWorkingDays, easterSunday, isWorkingDay, publicHolidays, workingDayOnOrAfter } from '@shared/working-days';

describe('publicHolidays', () => {
  it('knows Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it("lists the holidays of 2026 (Easter 5 April; Women's Day on a Sunday moves to Monday 10 August)", () => {
    expect([...publicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-03-21',
      '2026-04-03', // Good Friday
      '2026-04-06', // Family Day
      '2026-04-27',
      '2026-05-01',
      '2026-06-16',
      '2026-08-09',
      '2026-08-10', // 9 August is a Sunday
      '2026-09-24',
      '2026-12-16',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('lists the holidays of 2027 (Easter 28 March; 21 March and 26 December on Sundays)', () => {
    expect([...publicHolidays(2027)].sort()).toEqual([
      '2027-01-01',
      '2027-03-21',
      '2027-03-22', // Human Rights Day is a Sunday
      '2027-03-26', // Good Friday
      '2027-03-29', // Family Day
      '2027-04-27',
      '2027-05-01',
      '2027-06-16',
      '2027-08-09',
      '2027-09-24',
      '2027-12-16',
      '2027-12-25',
      '2027-12-26',
      '2027-12-27', // Day of Goodwill is a Sunday
    ]);
  });

  it('adds no extra day when Christmas is a Sunday (the Monday is the Day of Goodwill already)', () => {
    // 2022: 25 December is a Sunday; 26 December is the only Monday off, 27 December is a working day.
    expect(publicHolidays(2022).has('2022-12-26')).toBe(true);
    expect(isWorkingDay('2022-12-27')).toBe(true);
  });
});

describe('isWorkingDay', () => {
  it('is Monday to Friday, except public holidays', () => {
    expect(isWorkingDay('2026-11-26')).toBe(true); // Thursday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-04-03')).toBe(false); // Good Friday
    expect(isWorkingDay('2026-08-10')).toBe(false); // Monday after Women's Day on a Sunday
    expect(isWorkingDay('2026-08-11')).toBe(true);
  });
});

describe('addWorkingDays', () => {
  it('counts working days only', () => {
    expect(addWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
    expect(addWorkingDays('2026-11-26', 1)).toBe('2026-11-27'); // Thursday -> Friday
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday -> Monday
    expect(addWorkingDays('2026-11-28', 2)).toBe('2026-12-01'); // Saturday -> Tuesday
  });

  it('steps over Easter and the Sunday rule', () => {
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-07'); // Thursday before Good Friday -> Tuesday after Family Day
    expect(addWorkingDays('2026-08-07', 1)).toBe('2026-08-11'); // Friday -> Tuesday (Monday 10 August off)
  });

  it('spans the year end', () => {
    // 2026: 16 Dec Wed, 25 Dec Fri, 26 Dec Sat, 1 Jan 2027 Fri.
    expect(addWorkingDays('2026-12-15', 1)).toBe('2026-12-17');
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-24');
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-24', 5)).toBe('2027-01-04'); // 28, 29, 30, 31 Dec, then 4 Jan
    expect(addWorkingDays('2027-12-23', 2)).toBe('2027-12-28'); // 24 Dec, then 28 (27 Dec is the Monday off)
  });

  it('workingDayOnOrAfter keeps a working day and skips to the next one otherwise', () => {
    expect(workingDayOnOrAfter('2026-11-26')).toBe('2026-11-26');
    expect(workingDayOnOrAfter('2026-12-25')).toBe('2026-12-28');
  });
});
