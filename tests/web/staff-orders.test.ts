// The pure parts of the staff orders screens (web/src/features/staff/orders/orders-model.ts): the
// filters and the URL query they live in (the dashboard's alert links), the labels, the new-order
// form and the request it becomes, the prefill from a lead, and what an action's answer says.
import { describe, expect, it } from 'vitest';
import { ADMIN_PAYMENT_FILTERS, ORDER_ALERTS, staffOrderCreateSchema, type AdminOrderLine } from '@shared/admin-orders-api';
import type { LeadDto } from '@shared/leads-api';
import { pageMetaFor } from '@shared/route-meta';
import { ApiError } from '../../web/src/lib/api-client';
import {
  auditActionLabel,
  checkOrderRequest,
  dispatchByForm,
  emptyLine,
  emptyOrderForm,
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  moveNeedsNote,
  NO_FILTERS,
  ordersListPath,
  orderRequestFromForm,
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
  plainMoves,
  prefillFromLead,
  problemOf,
  resultText,
  sizeChangeSummary,
  sizeFormSubmitLabel,
  type OrderForm,
} from '../../web/src/features/staff/orders/orders-model';

const NBSP = '\u00a0';

describe('orders list filters <-> URL query', () => {
  it('reads every filter from the query, and writes back only the ones set, in a fixed order', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'to=2026-11-30&q=%20082%20555%201234%20&status=received&payment=part_paid&source=phone&alert=sizes_to_confirm&kind=samples&from=2026-11-01',
      ),
    );
    expect(filters).toEqual({
      q: '082 555 1234',
      status: 'received',
      payment: 'part_paid',
      source: 'phone',
      alert: 'sizes_to_confirm',
      kind: 'samples',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(filtersToSearch(filters).toString()).toBe(
      'q=082+555+1234&status=received&payment=part_paid&source=phone&alert=sizes_to_confirm&kind=samples&from=2026-11-01&to=2026-11-30',
    );
    // Round trip: the query the screen writes reads back as the same filters.
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });

  it('drops what the API would refuse, so an old or hand-edited link still opens a list', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('status=shipped&payment=PAID&source=fax&alert=nope&kind=blinds&from=1 Nov&to=2026-13'),
    );
    expect(filters).toEqual(NO_FILTERS);
    expect(hasFilters(filters)).toBe(false);
    expect(filtersToSearch(filters).toString()).toBe('');
  });

  it('opens each dashboard alert link as its filter', () => {
    for (const alert of ORDER_ALERTS) {
      const filters = filtersFromSearch(new URLSearchParams(`alert=${alert}`));
      expect(filters).toEqual({ ...NO_FILTERS, alert });
      expect(hasFilters(filters)).toBe(true);
      expect(ordersListPath(filters)).toBe(`/api/admin/orders?alert=${alert}`);
    }
  });

  it('asks the API for the filtered list, with the cursor of the next page', () => {
    expect(ordersListPath(NO_FILTERS)).toBe('/api/admin/orders');
    expect(ordersListPath(NO_FILTERS, null)).toBe('/api/admin/orders');
    expect(ordersListPath({ ...NO_FILTERS, q: 'CB-7KQ2M9XPLA', status: 'in_production' }, 'abc/+=')).toBe(
      '/api/admin/orders?q=CB-7KQ2M9XPLA&status=in_production&cursor=abc%2F%2B%3D',
    );
    // A query of blanks is no filter.
    expect(ordersListPath({ ...NO_FILTERS, q: '   ' })).toBe('/api/admin/orders');
  });
});

describe('labels', () => {
  it('names every payment state the list can filter by, part paid included', () => {
    expect(Object.keys(PAYMENT_STATUS_LABELS).sort()).toEqual([...ADMIN_PAYMENT_FILTERS].sort());
    expect(paymentStatusLabel('part_paid')).toBe('Part paid');
    expect(paymentStatusLabel('paid')).toBe('Paid');
    // A state this screen does not know yet is shown as the server wrote it, not hidden.
    expect(paymentStatusLabel('chargeback')).toBe('chargeback');
  });

  it('knows the staff order pages, so the Worker serves them (and nothing else under /admin/orders)', () => {
    expect(pageMetaFor('/admin/orders', 'Melvin')).toEqual({ kind: 'private', title: 'Orders' });
    expect(pageMetaFor('/admin/orders/new', 'Melvin')).toEqual({ kind: 'private', title: 'Record an Order' });
    expect(pageMetaFor('/admin/orders/CB-7KQ2M9XPLA', 'Melvin')).toEqual({ kind: 'private', title: 'Order' });
    expect(pageMetaFor('/admin/orders/not-an-order', 'Melvin')).toEqual({ kind: 'unknown' });
    expect(pageMetaFor('/admin/orders/CB-7KQ2M9XPLA/extra', 'Melvin')).toEqual({ kind: 'unknown' });
  });
});

describe('the moves offered', () => {
  const order = {
    paymentStatus: 'pending',
    fulfilmentMethod: 'courier' as const,
    nextMoves: ['dispatched' as const, 'delivered' as const],
  };

  it('a courier order is dispatched with the form, an installation by a button', () => {
    expect(dispatchByForm({ fulfilmentMethod: 'courier', nextMoves: ['dispatched'] })).toBe(true);
    expect(plainMoves({ fulfilmentMethod: 'courier', nextMoves: ['dispatched'] })).toEqual([]);
    expect(dispatchByForm({ fulfilmentMethod: 'installation', nextMoves: ['dispatched', 'cancelled'] })).toBe(false);
    expect(plainMoves({ fulfilmentMethod: 'installation', nextMoves: ['dispatched', 'cancelled'] })).toEqual(['dispatched', 'cancelled']);
    expect(plainMoves(order)).toEqual(['delivered']);
  });

  it('an unpaid order needs a note to go into production; a paid one does not', () => {
    expect(moveNeedsNote({ paymentStatus: 'pending' }, 'in_production')).toBe(true);
    expect(moveNeedsNote({ paymentStatus: 'part_paid' }, 'in_production')).toBe(true);
    expect(moveNeedsNote({ paymentStatus: 'paid' }, 'in_production')).toBe(false);
    expect(moveNeedsNote({ paymentStatus: 'pending' }, 'sizes_confirmed')).toBe(false);
  });
});

function filledForm(): OrderForm {
  return {
    ...emptyOrderForm(),
    source: 'site_visit',
    name: ' Thandi Mokoena ',
    phone: ' 082 555 1234 ',
    email: '',
    address: ' 12 Main Road, Knysna ',
    lines: [
      { ...emptyLine('roller-blind', 'Charcoal'), widthMm: '1200', dropMm: '1500', quantity: '2', measuredByStaff: true },
      {
        ...emptyLine('venetian-blind', 'White'),
        widthMm: ' 900 ',
        dropMm: '1100',
        controlSide: 'right',
        mountType: 'outside-facefix',
        manualPrice: true,
        price: '1450,50',
        priceReason: ' Ex-display stock ',
      },
    ],
    fulfilmentMethod: 'installation',
    paymentMethod: 'cash',
    paid: true,
    notes: '  ',
  };
}

describe('the new-order form -> POST /api/admin/orders', () => {
  it('maps every field to the contract, and the server schema accepts it', () => {
    const request = orderRequestFromForm(filledForm());
    expect(request).toEqual({
      source: 'site_visit',
      customer: { name: 'Thandi Mokoena', phone: '082 555 1234', email: null, address: '12 Main Road, Knysna' },
      lines: [
        {
          product_type: 'roller-blind',
          colour: 'Charcoal',
          width_mm: '1200',
          drop_mm: '1500',
          quantity: '2',
          control_side: 'left',
          mount_type: 'inside-recess',
          sizeSource: 'staff-confirmed',
        },
        {
          product_type: 'venetian-blind',
          colour: 'White',
          width_mm: '900',
          drop_mm: '1100',
          quantity: '1',
          control_side: 'right',
          mount_type: 'outside-facefix',
          sizeSource: 'typed',
          manualPrice: '1450.50',
          manualPriceReason: 'Ex-display stock',
        },
      ],
      fulfilmentMethod: 'installation',
      paymentMethod: 'cash',
      paid: true,
      notes: null,
    });
    // What is sent: the request as the server's schema reads it, numbers as numbers.
    const { issues, body } = checkOrderRequest(request);
    expect(issues).toEqual({});
    expect(body).toEqual(staffOrderCreateSchema.parse(request));
    expect(body!.lines[1]).toMatchObject({
      width_mm: 900,
      drop_mm: 1100,
      quantity: 1,
      manualPrice: 1450.5,
      manualPriceReason: 'Ex-display stock',
    });
    expect(body!.lines[0]).toMatchObject({ width_mm: 1200, quantity: 2, sizeSource: 'staff-confirmed' });
    expect(body!.lines[0]).not.toHaveProperty('manualPrice');
  });

  it('sends the lead it came from', () => {
    expect(orderRequestFromForm({ ...filledForm(), leadId: 'lead-42' }).leadId).toBe('lead-42');
    expect(orderRequestFromForm(filledForm())).not.toHaveProperty('leadId');
  });

  it('finds what the server would refuse, under each field by the path the server uses', () => {
    const form = filledForm();
    form.name = ' ';
    form.phone = '082 55';
    form.email = 'not-an-address';
    form.lines[0]!.widthMm = '';
    form.lines[1]!.priceReason = '';
    const { issues, body } = checkOrderRequest(orderRequestFromForm(form));
    expect(body).toBeNull();
    expect(issues['customer.name']).toBe('is required');
    expect(issues['customer.phone']).toBe('must be a phone number with at least 9 digits');
    expect(issues['customer.email']).toBe('must be a valid email address');
    // Blank, not 0 mm: the field is missing.
    expect(issues['lines.0.width_mm']).toBe('is required');
    expect(issues['lines.1.manualPriceReason']).toBe('a manual price needs a reason, and a reason needs a manual price');
    expect(Object.keys(issues)).toHaveLength(5);
  });

  it('an order without blinds is refused', () => {
    expect(checkOrderRequest(orderRequestFromForm({ ...filledForm(), lines: [] }))).toEqual({
      issues: { lines: 'add at least one blind' },
      body: null,
    });
  });
});

function lead(change: Partial<LeadDto>): LeadDto {
  return {
    id: 'lead-7',
    name: 'Johan Botha',
    email: 'johan@example.co.za',
    phone: null,
    whatsapp: '+27 72 000 1111',
    location: 'George',
    source: 'chat',
    productInterest: 'Roller blinds',
    sessionData: null,
    notes: null,
    followUpStatus: 'new',
    popiaConsent: true,
    createdAt: '2026-11-20T08:00:00.000Z',
    lastContactedAt: null,
    orderReference: null,
    ...change,
  };
}

describe('the order form filled from a lead', () => {
  it('takes the name, phone (or WhatsApp number), e-mail and one blind per size the lead sent', () => {
    const base = { ...emptyOrderForm(), lines: [emptyLine('roller-blind', 'Charcoal')] };
    const form = prefillFromLead(
      base,
      lead({
        phone: '044 555 0101',
        sessionData: {
          dimensions: [
            { width_mm: 1200, drop_mm: 1500, sizeSource: 'typical' },
            { width_mm: 600, drop_mm: 900 },
          ],
        },
      }),
    );
    expect(form).toMatchObject({ leadId: 'lead-7', name: 'Johan Botha', phone: '044 555 0101', email: 'johan@example.co.za', address: '' });
    expect(form.lines.map((l) => [l.productType, l.colour, l.widthMm, l.dropMm, l.measuredByStaff])).toEqual([
      ['roller-blind', 'Charcoal', '1200', '1500', false],
      ['roller-blind', 'Charcoal', '600', '900', false],
    ]);
    expect(orderRequestFromForm(form).leadId).toBe('lead-7');
  });

  it('one size object, the WhatsApp number when there is no phone; no sizes keeps the blank blind', () => {
    const one = prefillFromLead(emptyOrderForm(), lead({ sessionData: { dimensions: { width_mm: 2400, drop_mm: 2100 } } }));
    expect(one.phone).toBe('+27 72 000 1111');
    expect(one.lines).toHaveLength(1);
    expect(one.lines[0]).toMatchObject({ widthMm: '2400', dropMm: '2100' });
    const none = prefillFromLead(emptyOrderForm(), lead({ email: null, sessionData: { note: 'call me' } }));
    expect(none.email).toBe('');
    expect(none.lines).toEqual(emptyOrderForm().lines);
  });
});

describe('what staff are told', () => {
  it('the server error shape: its message, and each field issue by path', () => {
    const body = JSON.stringify({
      success: false,
      error: 'validation_error',
      message: 'widthMm: must be more than 0 mm',
      requestId: 'r1',
      issues: [
        { path: 'widthMm', message: 'must be more than 0 mm' },
        { path: 'reason', message: 'is required' },
      ],
    });
    expect(problemOf(new ApiError(400, body, `400: ${body}`), 'fallback')).toEqual({
      message: 'widthMm: must be more than 0 mm',
      issues: { widthMm: 'must be more than 0 mm', reason: 'is required' },
    });
    const conflict = JSON.stringify({
      success: false,
      error: 'conflict',
      message: 'Confirm or correct every estimated size before confirming the sizes.',
      requestId: 'r2',
    });
    expect(problemOf(new ApiError(409, conflict, `409: ${conflict}`), 'fallback')).toEqual({
      message: 'Confirm or correct every estimated size before confirming the sizes.',
      issues: {},
    });
    expect(problemOf(new ApiError(502, 'Bad gateway', '502: Bad gateway'), 'Could not save.').message).toBe('Could not save.');
    expect(problemOf(new TypeError('Failed to fetch'), 'Could not save.').message).toBe('Could not save.');
    expect(problemOf(new ApiError(401, '{"message":"x"}', '401'), 'f').message).toBe(
      'Your staff session has ended. Sign in again with the PIN.',
    );
  });

  it('an answer: the server message and whether the customer was e-mailed', () => {
    const order = {} as never;
    expect(resultText({ success: true, order, message: 'Sizes confirmed.', customerNotified: true }, 'x')).toBe(
      'Sizes confirmed. The customer was e-mailed.',
    );
    expect(resultText({ success: true, order, customerNotified: false }, 'The order is now In production.')).toBe(
      'The order is now In production. The customer was not e-mailed.',
    );
    expect(resultText({ success: true, order }, 'Done.')).toBe('Done.');
    // A size change leads with the re-priced line and total, then what the server said.
    expect(resultText({ success: true, order, message: 'Line 1 corrected.', customerNotified: true }, 'L1', 'Line 1: 1 300 mm.')).toBe(
      'Line 1: 1 300 mm. Line 1 corrected. The customer was e-mailed.',
    );
    expect(resultText({ success: true, order }, 'Line 1: 1 300 mm.', 'Line 1: 1 300 mm.')).toBe('Line 1: 1 300 mm.');
  });

  it('a size change: the line as re-priced, what it was, and the new total', () => {
    const line = (w: number, cents: number) => ({ line_no: 2, width_mm: w, drop_mm: 1500, total_cents: cents }) as AdminOrderLine;
    expect(sizeChangeSummary(line(1100, 148000), line(1200, 162400), 324800)).toBe(
      `Line 2: 1${NBSP}200 mm x 1${NBSP}500 mm, R${NBSP}1${NBSP}624,00 (was 1${NBSP}100 mm x 1${NBSP}500 mm, R${NBSP}1${NBSP}480,00). Order total R${NBSP}3${NBSP}248,00.`,
    );
    // Confirmed as it was: no 'was'.
    expect(sizeChangeSummary(line(1200, 162400), line(1200, 162400), 162400)).toBe(
      `Line 2: 1${NBSP}200 mm x 1${NBSP}500 mm, R${NBSP}1${NBSP}624,00. Order total R${NBSP}1${NBSP}624,00.`,
    );
  });

  it("the size form's button: 'Confirm size' for an estimate left as it is, 'Save corrected size' once changed", () => {
    const estimate = { width_mm: 1200, drop_mm: 1500, size_estimated: true };
    expect(sizeFormSubmitLabel(estimate, '1200', ' 1500 ')).toBe('Confirm size');
    expect(sizeFormSubmitLabel(estimate, '1500', '1500')).toBe('Save corrected size');
    expect(sizeFormSubmitLabel(estimate, '1200', '1490')).toBe('Save corrected size');
    // A measured size is only ever corrected.
    expect(sizeFormSubmitLabel({ ...estimate, size_estimated: false }, '1200', '1500')).toBe('Save corrected size');
  });

  it("the audit trail's actions in words; an action it does not know as the server wrote it", () => {
    expect(['order.view', 'order.line-size', 'tracking.correct'].map(auditActionLabel)).toEqual([
      'Order viewed',
      'Size confirmed or corrected',
      'Tracking corrected',
    ]);
    expect(auditActionLabel('order.refund')).toBe('order.refund');
  });
});
