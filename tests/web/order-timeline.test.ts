// The customer's fulfilment timeline (worker/services/order-timeline.ts): each step with its date,
// and only the next step with its window in working days (storefront spec section 9).
import { describe, expect, it } from 'vitest';
import { AWAITING_PAYMENT, INSTALLATION_BOOKING, orderTimeline, type TimelineOrder } from '../../worker/services/order-timeline';

// Thursday 26 November 2026, 10:00 in South Africa.
const PLACED = '2026-11-26T08:00:00.000Z';
const order = (over: Partial<TimelineOrder> = {}): TimelineOrder => ({
  createdAt: PLACED,
  fulfilmentStatus: 'received',
  fulfilmentMethod: 'courier',
  fulfilmentStatusAt: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('orderTimeline', () => {
  it('a fresh order: received on the day placed, sizes confirmed within 2 working days', () => {
    const t = orderTimeline(order(), [], null, at(PLACED));
    expect(t.status).toBe('received');
    expect(t.steps.map((s) => s.status)).toEqual(['received', 'sizes_confirmed', 'in_production', 'dispatched', 'delivered']);
    expect(t.steps[0]).toEqual({ status: 'received', label: 'Order received', at: PLACED, expected: null });
    // Thursday + 2 working days = Monday 30 November.
    expect(t.steps[1]).toEqual({ status: 'sizes_confirmed', label: 'Sizes confirmed', at: null, expected: 'by 30 November 2026' });
    expect(t.steps.slice(2).every((s) => s.at === null && s.expected === null)).toBe(true);
  });

  it('counts the day placed in South African time (an order at 23:30 on Friday is a Friday order)', () => {
    const late = '2026-11-27T21:30:00.000Z'; // Friday 23:30 SAST
    expect(orderTimeline(order({ createdAt: late }), [], null, at(late)).steps[1]!.expected).toBe('by 1 December 2026');
  });

  it('sizes confirmed: production starts the next working day', () => {
    const confirmed = '2026-11-27T09:00:00.000Z'; // Friday
    const t = orderTimeline(
      order({ fulfilmentStatus: 'sizes_confirmed', fulfilmentStatusAt: confirmed }),
      [{ status: 'sizes_confirmed', createdAt: confirmed }],
      null,
      at(confirmed),
    );
    expect(t.steps[1]!.at).toBe(confirmed);
    expect(t.steps[2]!.expected).toBe('by 30 November 2026');
    expect(t.steps.filter((s) => s.expected !== null)).toHaveLength(1);
  });

  it('sizes confirmed but unpaid: production waits for the payment, no date promised', () => {
    const t = orderTimeline(
      order({ fulfilmentStatus: 'sizes_confirmed', paid: false }),
      [{ status: 'sizes_confirmed', createdAt: PLACED }],
      null,
      at(PLACED),
    );
    expect(t.steps[2]!.expected).toBe(AWAITING_PAYMENT);
  });

  it('in production: dispatched 7 to 10 working days after production started, over the year end', () => {
    const started = '2026-12-14T07:00:00.000Z'; // Monday 14 December
    const t = orderTimeline(
      order({ fulfilmentStatus: 'in_production' }),
      [
        { status: 'sizes_confirmed', createdAt: '2026-12-11T07:00:00.000Z' },
        { status: 'in_production', createdAt: started },
      ],
      null,
      at(started),
    );
    // Working days from 15 Dec: 15, 17, 18, 21, 22, 23, 24 (7th), 28, 29, 30 (10th); 16, 25 and 26 Dec are holidays.
    expect(t.steps[3]!.expected).toBe('between 24 December 2026 and 30 December 2026');
    expect(t.steps.map((s) => s.at !== null)).toEqual([true, true, true, false, false]);
  });

  it('dispatched: the courier estimate when the tracking entry has one, else 2 to 5 working days with dates', () => {
    const sent = '2026-11-26T08:00:00.000Z';
    const dispatched = order({ fulfilmentStatus: 'dispatched' });
    const events = [
      { status: 'sizes_confirmed', createdAt: '2026-11-10T08:00:00.000Z' },
      { status: 'in_production', createdAt: '2026-11-11T08:00:00.000Z' },
      { status: 'dispatched', createdAt: sent },
    ];
    expect(orderTimeline(dispatched, events, { estimatedDelivery: '2-3 business days' }, at(sent)).steps[4]!.expected).toBe(
      'as the courier estimates: 2-3 business days',
    );
    expect(orderTimeline(dispatched, events, { estimatedDelivery: null }, at(sent)).steps[4]!.expected).toBe(
      'between 30 November 2026 and 3 December 2026 (usually 2 to 5 working days after dispatch)',
    );
  });

  it('an installation ends installed, booked by phone', () => {
    const t = orderTimeline(
      order({ fulfilmentStatus: 'dispatched', fulfilmentMethod: 'installation' }),
      [{ status: 'dispatched', createdAt: PLACED }],
      null,
      at(PLACED),
    );
    expect(t.steps.at(-1)).toMatchObject({ status: 'installed', label: 'Installed', expected: INSTALLATION_BOOKING });
  });

  it('the last step reached: every step dated, nothing expected', () => {
    const events = ['sizes_confirmed', 'in_production', 'dispatched', 'delivered'].map((status, i) => ({
      status,
      createdAt: `2026-11-2${i}T08:00:00.000Z`,
    }));
    const t = orderTimeline(order({ fulfilmentStatus: 'delivered' }), events, null, at(PLACED));
    expect(t.steps.every((s) => s.at !== null && s.expected === null)).toBe(true);
    expect(t.steps[4]!.at).toBe('2026-11-23T08:00:00.000Z');
  });

  it('a cancelled order lists the steps it reached, then Cancelled', () => {
    const cancelled = '2026-11-27T08:00:00.000Z';
    const t = orderTimeline(
      order({ fulfilmentStatus: 'cancelled', fulfilmentStatusAt: cancelled }),
      [
        { status: 'sizes_confirmed', createdAt: '2026-11-26T12:00:00.000Z' },
        { status: 'cancelled', createdAt: cancelled },
      ],
      null,
      at(cancelled),
    );
    expect(t.status).toBe('cancelled');
    expect(t.steps.map((s) => [s.status, s.at])).toEqual([
      ['received', PLACED],
      ['sizes_confirmed', '2026-11-26T12:00:00.000Z'],
      ['cancelled', cancelled],
    ]);
    expect(t.steps.every((s) => s.expected === null)).toBe(true);
  });

  it('never promises a day already past: a late step counts from today', () => {
    // Placed 26 Nov, still not confirmed on Wednesday 2 December: expected today, not 30 November.
    expect(orderTimeline(order(), [], null, at('2026-12-02T08:00:00.000Z')).steps[1]!.expected).toBe('by 2 December 2026');
    // On Saturday 5 December: the next working day.
    expect(orderTimeline(order(), [], null, at('2026-12-05T08:00:00.000Z')).steps[1]!.expected).toBe('by 7 December 2026');
  });

  it('falls back to fulfilmentStatusAt for the current step when its event is missing', () => {
    const moved = '2026-11-27T08:00:00.000Z';
    const t = orderTimeline(order({ fulfilmentStatus: 'sizes_confirmed', fulfilmentStatusAt: moved }), [], null, at(moved));
    expect(t.steps[1]!.at).toBe(moved);
  });
});
