// Dates a customer can plan on (worker/shared/delivery-dates.ts), pinned on known South African
// dates worked out by hand from the Public Holidays Act: in 2027, 21 March is a Sunday (Monday
// 22 March is the holiday), Easter Sunday is 28 March (Good Friday 26 March, Family Day 29 March),
// and 16, 25 and 26 December fall on Thursday, Saturday and Sunday (Monday 27 December is a holiday).
import { describe, expect, it } from 'vitest';
import {
  arrivalSentence,
  courierRegion,
  deliveryEstimate,
  deliveryEstimateText,
  dispatchSentence,
  longestLeadTime,
} from '@shared/delivery-dates';

const SEVEN = { workingDays: 7, sample: false };

describe('deliveryEstimate', () => {
  it('placed on Friday 19 March 2027: 2 processing + 7 production working days skip 22 March, Good Friday and Family Day', () => {
    const e = deliveryEstimate({
      basis: 'placed',
      from: '2027-03-19',
      leadTime: SEVEN,
      method: 'courier',
      address: '5 Rivonia Road, Sandton, 2196',
    });
    // 23, 24, 25, 30, 31 March, 1, 2, 5, 6 April.
    expect(e.dispatchBy).toBe('2027-04-06');
    // Gauteng: 2 to 3 working days after dispatch.
    expect(e).toMatchObject({
      region: 'Gauteng',
      arrivesFrom: '2027-04-08',
      arrivesBy: '2027-04-09',
      leadTimeWorkingDays: 7,
      sampleLeadTime: false,
    });
    expect(dispatchSentence(e)).toBe('Expected dispatch: by 6 April 2027.');
    expect(arrivalSentence(e)).toBe('Delivery by courier to Gauteng: between 8 April 2027 and 9 April 2027.');
  });

  it('counted again when the sizes are confirmed: production starts the next working day', () => {
    const e = deliveryEstimate({
      basis: 'sizes_confirmed',
      from: '2027-03-19',
      leadTime: { workingDays: 10, sample: false },
      method: 'courier',
    });
    // 1 + 10 working days: 23, 24, 25, 30, 31 March, 1, 2, 5, 6, 7, 8 April.
    expect(e.dispatchBy).toBe('2027-04-08');
    // No province in the address: the national window, 2 to 5 working days.
    expect(e).toMatchObject({ region: null, arrivesFrom: '2027-04-12', arrivesBy: '2027-04-15' });
  });

  it('a Garden Route fitting over 16 December and Christmas 2027: installed by 30 December', () => {
    const e = deliveryEstimate({ basis: 'placed', from: '2027-12-10', leadTime: SEVEN, method: 'installation', address: 'Knysna' });
    // 13, 14, 15, 17, 20, 21, 22, 23, 24 December (16 December is a holiday).
    expect(e.dispatchBy).toBe('2027-12-24');
    // 25 (Saturday), 26 (Sunday) and Monday 27 December are not working days: 28, 29, 30.
    expect(e).toMatchObject({ method: 'installation', arrivesBy: '2027-12-30', region: null });
    expect(arrivalSentence(e)).toBe('Installed by 30 December 2027 (Garden Route fitting by our team).');
  });

  it('says when the dates come from sample lead times', () => {
    const e = deliveryEstimate({ basis: 'placed', from: '2027-03-19', leadTime: { workingDays: 7, sample: true }, method: 'courier' });
    expect(deliveryEstimateText(e)).toBe(
      'Expected dispatch: by 6 April 2027. Delivery by courier: between 8 April 2027 and 13 April 2027. (Dates estimated from sample lead times until the shop sets its own.)',
    );
  });
});

describe('longestLeadTime and courierRegion', () => {
  it('an order of several lines waits for its slowest line; one sample value makes the whole estimate a sample', () => {
    expect(longestLeadTime([SEVEN, { workingDays: 15, sample: false }, { workingDays: 10, sample: true }])).toEqual({
      workingDays: 15,
      sample: true,
    });
    expect(longestLeadTime([])).toBeNull();
  });

  it('reads the province from the address by its name or a town in it, whole words only', () => {
    expect(courierRegion('12 Main Street, Knysna, 6571').region).toBe('Western Cape');
    expect(courierRegion('1 Beach Rd, Umhlanga, KZN').region).toBe('KwaZulu-Natal');
    expect(courierRegion('Polokwane, Limpopo')).toEqual({ region: null, days: { min: 2, max: 5 } });
    // 'georgetown' is not George.
    expect(courierRegion('Georgetown').region).toBeNull();
    expect(courierRegion(null).region).toBeNull();
  });
});
