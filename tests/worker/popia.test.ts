// Data requests (POPIA) from the leads page (DESIGN.md section 7, data requests): an export or deletion
// covers the records that carry the identifier staff verified with the person, in one normal form,
// never widened through other records, never the business's own addresses, never a session id a
// browser typed; staff preview the matched list and approve exactly it; the audit log keeps ids only.
// Here: the matching, and many records at once; the attacks, the approval and the audit log are in
// popia-safeguards.test.ts.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './helpers';
import { capture, deleteBy, exportBy, insertOrder, one, PNG, preview, previewRes, useStaffSession } from './popia-fixtures';

beforeAll(async () => {
  await useStaffSession('192.0.2.88');
});

describe('one person, matched by the identifier staff verified', () => {
  const SESSION = 'session_1700000000123_popiatest';
  let chatLeadId = '';
  let formLeadId = '';
  let quickLeadId = '';
  let otherLeadId = '';

  beforeAll(async () => {
    // Anna in the chat, with her e-mail: the server keeps the chat session's id on the lead.
    const chat = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'My name is Anna Botha, my email is anna.botha@example.co.za, I want roller blinds', sessionId: SESSION },
      { 'CF-Connecting-IP': '198.19.0.1' },
    );
    expect(chat.status).toBe(200);
    // The consultant asks for consent before it keeps the details; the lead is stored on 'yes'.
    const agreed = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'yes', sessionId: SESSION },
      { 'CF-Connecting-IP': '198.19.0.1' },
    );
    expect(agreed.status).toBe(200);
    chatLeadId = (await one(`SELECT id FROM leads WHERE name = 'Anna Botha'`)).id;
    // Anna again on the form, same e-mail in capitals, with her phone in national form.
    formLeadId = await capture({ name: 'Anna B', email: ' ANNA.BOTHA@example.co.za', phone: '082 444 5555' }, '198.19.0.2');
    otherLeadId = await capture({ name: 'Other Person', email: 'other@example.co.za', phone: '083 999 0000' }, '198.19.0.3');
    // The quick-details dialog: her WhatsApp number, someone else's e-mail, and a session id the browser sent.
    expect(
      (
        await postJson(
          '/api/customer-details',
          { name: 'Anna', whatsapp: '+27 82 444 5555', email: 'someone.else@example.co.za', sessionId: SESSION, popiaConsent: true },
          { 'CF-Connecting-IP': '198.19.0.4' },
        )
      ).status,
    ).toBe(201);
    quickLeadId = (await one(`SELECT id FROM leads WHERE source = 'quick_details' AND whatsapp = '+27 82 444 5555'`)).id;

    const lines = JSON.stringify([{ product_name: 'Roller Blind - Blockout' }]);
    await env.DB.batch([
      // Her quotes: one an order was made from, matched by the mobile in international form; one by e-mail only.
      env.DB.prepare(
        `INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900001', '2026-01-01', '2026-01-31', 'Anna Botha', NULL, '+27824445555', ?, 100000, 1, 'email', 'secret-key-1')`,
      ).bind(lines),
      env.DB.prepare(
        `INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900002', '2026-01-01', '2026-01-31', 'Anna Botha', 'anna.botha@example.co.za', NULL, ?, 50000, 1, 'email', 'secret-key-2')`,
      ).bind(lines),
      env.DB.prepare(
        `INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900003', '2026-01-01', '2026-01-31', 'Other Person', 'other@example.co.za', NULL, ?, 50000, 1, 'email', 'secret-key-3')`,
      ).bind(lines),
      env.DB.prepare(
        `INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, special_instructions, subtotal_cents, vat_cents, total_cents, quote_id, payment_status, paid_at) VALUES ('CB-POPIA00001', 'Anna Botha', 'anna.botha@example.co.za', '082-444-5555', '1 Main Rd, Knysna', 'Gate code 1234', 86957, 13043, 100000, 'CB-900001', 'paid', '2026-01-02T10:00:00.000Z')`,
      ),
      env.DB.prepare(
        `INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version) VALUES ('CB-POPIA00001', 1, 'roller-blockout', 'Roller Blind - Blockout', 1200, 1500, 'left', 'inside-recess', 'White', 1, 100000, 100000, 1)`,
      ),
      env.DB.prepare(
        `INSERT INTO payments (order_reference, provider, provider_payment_id, amount_cents, status, raw) VALUES ('CB-POPIA00001', 'sandbox', 'pay-popia-1', 100000, 'succeeded', '{"payer":"Anna Botha"}')`,
      ),
      insertOrder('CB-OTHER00001', { name: 'Other Person', email: 'other@example.co.za' }),
      env.DB.prepare(
        `INSERT INTO email_outbox (dedupe_key, kind, to_address, to_name, subject, html, text, status, next_attempt_at) VALUES ('order-confirmation:CB-POPIA00001:customer', 'order-confirmation', 'anna.botha@example.co.za', 'Anna Botha', 'Order CB-POPIA00001 received', '<p>Hi Anna</p>', 'Hi Anna', 'sent', '2026-01-01T00:00:00.000Z')`,
      ),
      env.DB.prepare(
        `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at) VALUES ('order-confirmation:CB-POPIA00001:business', 'order-confirmation', 'info@example.co.za', 'New order CB-POPIA00001', '<p>Anna Botha, 1 Main Rd</p>', 'Anna Botha, 1 Main Rd', 'pending', '2099-01-01T00:00:00.000Z')`,
      ),
    ]);
    await env.MEDIA.put(`chat/${SESSION}/1-1.png`, PNG, { httpMetadata: { contentType: 'image/png' } });
    await env.MEDIA.put(`windows/${SESSION}/2.jpg`, PNG);
    await env.MEDIA.put('chat/session_1700000000999_otherpers/1-1.png', PNG);
  });

  it('the preview lists each matched record with its type, id, date and the field that matched, and a token', async () => {
    const p = await preview(formLeadId, 'export', 'email', 'Anna.Botha@Example.co.za ');
    expect(p).toMatchObject({
      leadId: formLeadId,
      action: 'export',
      identifier: { type: 'email', value: 'anna.botha@example.co.za' },
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Date.parse(p.expiresAt)).toBeGreaterThan(Date.now());
    expect(p.records).toContainEqual({
      type: 'order',
      id: 'CB-POPIA00001',
      date: expect.stringMatching(/^\d{4}-/),
      matchedBy: 'customerEmail',
    });
    expect(p.records).toContainEqual({ type: 'lead', id: formLeadId, date: expect.any(String), matchedBy: 'email' });
    expect(p.records).toContainEqual({ type: 'email', id: expect.any(String), date: expect.any(String), matchedBy: 'order CB-POPIA00001' });
    expect(p.records).toContainEqual({ type: 'chat-session', id: SESSION, date: expect.any(String), matchedBy: `chat lead ${chatLeadId}` });
    expect(p.notes.join(' ')).toMatch(/Window photos from the quick scan/);
  });

  it('by e-mail: the records with that address, and the chat the server tied to her chat lead', async () => {
    const data = await exportBy(formLeadId, 'email', 'anna.botha@example.co.za');
    expect(data.matchedBy).toEqual({ leadId: formLeadId, identifier: { type: 'email', value: 'anna.botha@example.co.za' } });
    // The quick-details lead carries her number but not her e-mail: not widened to it, nor to its e-mail.
    expect(data.leads.map((l: any) => l.id).sort()).toEqual([chatLeadId, formLeadId].sort());
    expect(data.customerDetails).toEqual([]);
    expect(data.quotes.map((q: any) => q.id)).toEqual(['CB-900002']);
    expect(JSON.stringify(data.quotes)).not.toContain('secret-key');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      reference: 'CB-POPIA00001',
      customerAddress: '1 Main Rd, Knysna',
      lines: [{ productName: 'Roller Blind - Blockout' }],
      payments: [{ providerPaymentId: 'pay-popia-1' }],
    });
    const subjects = data.emails.map((e: any) => e.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Order CB-POPIA00001 received', 'New order CB-POPIA00001']));
    expect(data.emails.filter((e: any) => e.kind === 'lead-notification')).toHaveLength(2);
    expect(data.chatSessions).toHaveLength(1);
    expect(data.chatSessions[0].sessionId).toBe(SESSION);
    expect(data.chatSessions[0].messages[0]).toMatchObject({ role: 'user', content: expect.stringContaining('Anna Botha') });
    // Only the chat's photos: a window photo's folder is whatever the browser sent.
    expect(data.photos.map((p: any) => p.key)).toEqual([`chat/${SESSION}/1-1.png`]);
    expect(JSON.stringify(data)).not.toMatch(/other@example|someone\.else|CB-OTHER/);
  });

  it('by phone, in any spelling: the records with that number, and no session id typed into a form', async () => {
    const data = await exportBy(formLeadId, 'phone', '+27 (82) 444-5555');
    expect(data.matchedBy.identifier).toEqual({ type: 'phone', value: '+27824445555' });
    expect(data.leads.map((l: any) => l.id).sort()).toEqual([formLeadId, quickLeadId].sort());
    expect(data.customerDetails).toHaveLength(1);
    expect(data.quotes.map((q: any) => q.id)).toEqual(['CB-900001']);
    expect(data.orders.map((o: any) => o.reference)).toEqual(['CB-POPIA00001']);
    // The quick-details row names her chat session, but the browser sent that id: not followed.
    expect(data.chatSessions).toEqual([]);
    expect(data.photos).toEqual([]);
    expect(data.notes.join(' ')).toMatch(/2 matched record\(s\) name a session id that the browser sent/);
    // Not widened from the matched records' e-mail addresses.
    expect(data.leads.map((l: any) => l.id)).not.toContain(chatLeadId);
    expect(JSON.stringify(data)).not.toMatch(/CB-900002|someone\.else@example\.co\.za"?,"?to|other@example/);
    expect(data.emails.some((e: any) => e.to === 'someone.else@example.co.za')).toBe(false);
  });

  it('refuses an identifier that is not on the lead', async () => {
    const res = await previewRes(formLeadId, 'export', 'email', 'other@example.co.za');
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toMatch(/does not carry that e-mail address/);
    expect((await previewRes(formLeadId, 'export', 'phone', 'not a number')).status).toBe(400);
    expect((await previewRes('no-such-lead', 'export', 'email', 'anna.botha@example.co.za')).status).toBe(404);
  });

  it('deletes the approved records, keeps what SARS requires, and leaves everyone else alone', async () => {
    const deleted = await deleteBy(chatLeadId, 'email', 'anna.botha@example.co.za');
    expect(deleted).toEqual({
      leads: 2,
      customerDetails: 0,
      quotesDeleted: 1,
      quotesBlanked: 0,
      ordersBlanked: 1,
      emailsBlanked: 4,
      chatSessions: 1,
      photos: 1,
      siteVisits: 0,
      visitBookings: 0,
    });

    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id IN (?, ?)`, chatLeadId, formLeadId)).n).toBe(0);
    expect(await one(`SELECT * FROM quotes WHERE id = 'CB-900002'`)).toBeNull();
    // SARS: reference, totals, dates, lines and payments stay; the personal fields go.
    expect(await one(`SELECT * FROM orders WHERE reference = 'CB-POPIA00001'`)).toMatchObject({
      customer_name: 'Deleted on request',
      customer_email: '',
      customer_phone: null,
      customer_address: null,
      special_instructions: null,
      total_cents: 100000,
      vat_cents: 13043,
      paid_at: '2026-01-02T10:00:00.000Z',
      payment_status: 'paid',
    });
    expect((await one(`SELECT COUNT(*) AS n FROM order_lines WHERE order_reference = 'CB-POPIA00001'`)).n).toBe(1);
    expect(await one(`SELECT amount_cents, status, raw FROM payments WHERE provider_payment_id = 'pay-popia-1'`)).toEqual({
      amount_cents: 100000,
      status: 'succeeded',
      raw: null,
    });
    const mails = (
      await env.DB.prepare(`SELECT * FROM email_outbox WHERE dedupe_key LIKE 'order-confirmation:CB-POPIA00001:%' OR dedupe_key IN (?, ?)`)
        .bind(`lead-notification:${chatLeadId}`, `lead-notification:${formLeadId}`)
        .all<any>()
    ).results;
    expect(mails).toHaveLength(4);
    for (const m of mails)
      expect(m).toMatchObject({ html: '', text: '', to_address: '', to_name: null, reply_to: null, subject: 'Deleted on request' });
    // The unsent business copy will not go out any more, and is no failed e-mail (the dashboard's alert).
    expect(mails.find((m: any) => m.dedupe_key.endsWith(':business')).status).toBe('erased');
    expect(mails.filter((m: any) => m.status === 'failed')).toEqual([]);
    expect(await env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(SESSION)).history()).toEqual([]);
    expect(await env.MEDIA.head(`chat/${SESSION}/1-1.png`)).toBeNull();

    // What carries only her number stays until a request verified by the number: the quick-details
    // lead, its row and the quote ordered from (now kept for the order either way).
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id = ?`, quickLeadId)).n).toBe(1);
    expect((await one(`SELECT customer_mobile FROM quotes WHERE id = 'CB-900001'`)).customer_mobile).toBe('+27824445555');
    // The other person is untouched.
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id = ?`, otherLeadId)).n).toBe(1);
    expect(await one(`SELECT customer_name FROM orders WHERE reference = 'CB-OTHER00001'`)).toEqual({ customer_name: 'Other Person' });
    expect(await one(`SELECT id FROM quotes WHERE id = 'CB-900003'`)).toEqual({ id: 'CB-900003' });
    expect(await env.MEDIA.head('chat/session_1700000000999_otherpers/1-1.png')).not.toBeNull();
    expect(await env.MEDIA.head(`windows/${SESSION}/2.jpg`)).not.toBeNull();

    // The rest by her number: the quote made into an order is blanked, not deleted.
    const byPhone = await deleteBy(quickLeadId, 'phone', '0824445555');
    expect(byPhone).toMatchObject({
      leads: 1,
      customerDetails: 1,
      quotesDeleted: 0,
      quotesBlanked: 1,
      ordersBlanked: 0,
      chatSessions: 0,
      photos: 0,
    });
    expect(await one(`SELECT customer_name, customer_email, customer_mobile FROM quotes WHERE id = 'CB-900001'`)).toEqual({
      customer_name: 'Deleted on request',
      customer_email: null,
      customer_mobile: null,
    });
    expect((await one(`SELECT COUNT(*) AS n FROM customer_details WHERE session_id = ?`, SESSION)).n).toBe(0);

    // A second request finds no lead to start from.
    expect((await previewRes(chatLeadId, 'export', 'email', 'anna.botha@example.co.za')).status).toBe(404);
  });
});

describe('a customer with many records (D1 binds at most 100 parameters per statement)', () => {
  it('exports and deletes 150 orders, their confirmations and quotes in one go', async () => {
    const leadId = await capture({ name: 'Busy Buyer', email: 'busy.buyer@example.co.za', phone: '084 111 2222' }, '198.19.0.9');
    const refs = Array.from({ length: 150 }, (_, i) => `CB-BUSY${String(i).padStart(6, '0')}`);
    const lines = JSON.stringify([{ product_name: 'Roller Blind - Blockout' }]);
    const statements = refs.flatMap((ref, i) => [
      env.DB.prepare(
        `INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status) VALUES (?, 'Busy Buyer', 'busy.buyer@example.co.za', 86957, 13043, 100000, 'paid')`,
      ).bind(ref),
      env.DB.prepare(
        `INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at) VALUES (?, 'order-confirmation', 'info@example.co.za', 'New order', '<p>Busy Buyer</p>', 'Busy Buyer', 'sent', '2026-01-01T00:00:00.000Z')`,
      ).bind(`order-confirmation:${ref}:business`),
      env.DB.prepare(
        `INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES (?, '2026-01-01', '2026-01-31', 'Busy Buyer', 'busy.buyer@example.co.za', NULL, ?, 50000, 1, 'email', 'k')`,
      ).bind(`CB-8${String(i).padStart(5, '0')}`, lines),
    ]);
    await env.DB.batch(statements);

    const exported = await exportBy(leadId, 'email', 'busy.buyer@example.co.za');
    expect(exported.orders).toHaveLength(150);
    const deleted = await deleteBy(leadId, 'email', 'busy.buyer@example.co.za');
    expect(deleted).toMatchObject({ leads: 1, quotesDeleted: 150, ordersBlanked: 150, emailsBlanked: 151 });
    const left = await one(`SELECT COUNT(*) AS n FROM orders WHERE customer_name = 'Busy Buyer'`);
    expect(left.n).toBe(0);
    const mails = await one(`SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key LIKE 'order-confirmation:CB-BUSY%' AND text = ''`);
    expect(mails.n).toBe(150);
  });
});
