// The timeline of an order that stores its dates (worker/shared/delivery-dates.ts): its later steps
// are expected on the order's own dispatch date and delivery window, not the shop-wide 7-10 days;
// `dates` carries them while they are still ahead. Pinned on known South African dates (16 December,
// the Day of Reconciliation, is skipped).
import { describe, expect, it } from 'vitest';
import { orderTimeline, INSTALLATION_BOOKING_BY_DATE, type TimelineOrder } from '../../worker/services/order-timeline';
import { datesFromProductionStart, deliveryEstimate, type DeliveryEstimate } from '../../worker/shared/delivery-dates';

// Thursday 26 November 2026, 10:00 in South Africa; the sizes confirmed on Friday 27 November.
const PLACED = '2026-11-26T08:00:00.000Z';
const CONFIRMED = '2026-11-27T08:00:00.000Z';
const placed = deliveryEstimate({
  basis: 'placed',
  from: '2026-11-26',
  leadTime: { workingDays: 7, sample: false },
  method: 'courier',
  address: '5 Rivonia Road, Sandton, 2196',
});
const confirmed = (method: DeliveryEstimate['method'] = 'courier') =>
  deliveryEstimate({
    basis: 'sizes_confirmed',
    from: '2026-11-27',
    leadTime: { workingDays: 7, sample: false },
    method,
    address: '5 Rivonia Road, Sandton, 2196',
  });
const order = (over: Partial<TimelineOrder> = {}): TimelineOrder => ({
  createdAt: PLACED,
  fulfilmentStatus: 'received',
  fulfilmentMethod: 'courier',
  fulfilmentStatusAt: null,
  deliveryEstimate: placed,
  ...over,
});
const at = (iso: string) => new Date(iso);
const expectedOf = (t: ReturnType<typeof orderTimeline>) => t.steps.filter((s) => s.expected !== null).map((s) => [s.status, s.expected]);

describe('the stored dates, pinned', () => {
  it('placed Thursday 26 November, 2 days processing and a 7-day lead time: dispatch by 9 December, Gauteng 11 to 14 December', () => {
    expect(placed).toMatchObject({ dispatchBy: '2026-12-09', region: 'Gauteng', arrivesFrom: '2026-12-11', arrivesBy: '2026-12-14' });
    expect(confirmed()).toMatchObject({ dispatchBy: '2026-12-09' });
  });
});

describe('an order with its own dates', () => {
  it('received: the dates are the stored ones; the next step is the same as before', () => {
    const t = orderTimeline(order(), [], null, at(PLACED));
    expect(t.dates).toEqual(placed);
    expect(expectedOf(t)).toEqual([['sizes_confirmed', 'by 30 November 2026']]);
  });

  it('in production on time: dispatch expected on the stored date, not a 7-10 day window', () => {
    const started = '2026-11-30T08:00:00.000Z'; // Monday, the working day after the sizes were confirmed
    const t = orderTimeline(
      order({ fulfilmentStatus: 'in_production', deliveryEstimate: confirmed() }),
      [
        { status: 'sizes_confirmed', createdAt: CONFIRMED },
        { status: 'in_production', createdAt: started },
      ],
      null,
      at(started),
    );
    expect(expectedOf(t)).toEqual([['dispatched', 'by 9 December 2026']]);
    expect(t.dates).toEqual(confirmed());
  });

  it('in production late: the lead time counts from the start, past 16 December (a public holiday), and the arrival moves with it', () => {
    const started = '2026-12-07T08:00:00.000Z'; // Monday a week later
    const t = orderTimeline(
      order({ fulfilmentStatus: 'in_production', deliveryEstimate: confirmed() }),
      [{ status: 'in_production', createdAt: started }],
      null,
      at(started),
    );
    expect(expectedOf(t)).toEqual([['dispatched', 'by 17 December 2026']]);
    expect(t.dates).toMatchObject({ dispatchBy: '2026-12-17', arrivesFrom: '2026-12-21', arrivesBy: '2026-12-22', region: 'Gauteng' });
  });

  it("dispatched by courier: the region's courier days from the day it left; no dates ahead any more", () => {
    const left = '2026-12-09T08:00:00.000Z'; // Wednesday
    const t = orderTimeline(order({ fulfilmentStatus: 'dispatched' }), [{ status: 'dispatched', createdAt: left }], null, at(left));
    expect(expectedOf(t)).toEqual([
      ['delivered', 'between 11 December 2026 and 14 December 2026 (usually 2 to 3 working days after dispatch to Gauteng)'],
    ]);
    expect(t.dates).toBeNull();
    // The courier's own estimate still comes first.
    const tracked = orderTimeline(
      order({ fulfilmentStatus: 'dispatched' }),
      [{ status: 'dispatched', createdAt: left }],
      { estimatedDelivery: '1-2 business days' },
      at(left),
    );
    expect(expectedOf(tracked)).toEqual([['delivered', 'as the courier estimates: 1-2 business days']]);
  });

  it("a Garden Route fitting dispatched: 'installed by' a date, the day booked by phone", () => {
    const left = '2026-12-09T08:00:00.000Z';
    const t = orderTimeline(
      order({ fulfilmentStatus: 'dispatched', fulfilmentMethod: 'installation', deliveryEstimate: confirmed('installation') }),
      [{ status: 'dispatched', createdAt: left }],
      null,
      at(left),
    );
    expect(expectedOf(t)).toEqual([['installed', `by 14 December 2026: ${INSTALLATION_BOOKING_BY_DATE}`]]);
  });

  it('no dates for a cancelled order or a refunded payment', () => {
    expect(
      orderTimeline(order({ fulfilmentStatus: 'cancelled', fulfilmentStatusAt: CONFIRMED }), [], null, at(CONFIRMED)).dates,
    ).toBeNull();
    expect(orderTimeline(order({ paymentEnded: true }), [], null, at(PLACED)).dates).toBeNull();
  });
});

describe('an older order without dates keeps the shop-wide wording', () => {
  it('in production: 7-10 working days; dispatched: the national 2-5 courier days; no dates', () => {
    const started = '2026-11-30T08:00:00.000Z';
    const making = orderTimeline(
      order({ fulfilmentStatus: 'in_production', deliveryEstimate: null }),
      [{ status: 'in_production', createdAt: started }],
      null,
      at(started),
    );
    expect(expectedOf(making)).toEqual([['dispatched', 'between 9 December 2026 and 14 December 2026']]);
    expect(making.dates).toBeNull();
    const left = '2026-12-09T08:00:00.000Z';
    const sent = orderTimeline(
      order({ fulfilmentStatus: 'dispatched', deliveryEstimate: null }),
      [{ status: 'dispatched', createdAt: left }],
      null,
      at(left),
    );
    expect(expectedOf(sent)[0]![1]).toMatch(/\(usually 2 to 5 working days after dispatch\)$/);
  });
});

describe('datesFromProductionStart', () => {
  it('an early start keeps the date given; a late one moves it', () => {
    expect(datesFromProductionStart(confirmed(), '2026-11-27')).toEqual(confirmed());
    expect(datesFromProductionStart(confirmed(), '2026-12-01').dispatchBy).toBe('2026-12-10');
  });
});
