// POPIA tools of the leads page (issue 10): export everything held about the person behind a lead as
// one JSON document, and delete it all, orders kept only as far as SARS requires.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, postJson } from './helpers';

let staffCookie = '';
const staff = (path: string, method = 'GET') => SELF.fetch(`${BASE}${path}`, { method, headers: { Cookie: staffCookie } });

const SESSION = 'session_1700000000123_popiatest';
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

let chatLeadId = '';
let formLeadId = '';
let otherLeadId = '';

async function capture(body: Record<string, unknown>, ip: string): Promise<string> {
  const res = await postJson('/api/leads/capture', { whatsapp: null, location: null, source: 'other', productInterest: null, sessionData: null, notes: null, popiaConsent: true, ...body }, { 'CF-Connecting-IP': ip });
  expect(res.status).toBe(201);
  return (await res.json<any>()).leadId;
}

beforeAll(async () => {
  const signIn = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.88' });
  staffCookie = signIn.headers.getSetCookie().find((l) => l.startsWith('__Host-cb_staff='))!.split(';')[0]!;

  // Anna in the chat, with her e-mail: the lead keeps the chat session's id.
  const chat = await postJson(
    '/api/melvin/enhanced-chat',
    { message: 'My name is Anna Botha, my email is anna.botha@example.co.za, I want roller blinds', sessionId: SESSION },
    { 'CF-Connecting-IP': '198.19.0.1' },
  );
  expect(chat.status).toBe(200);
  chatLeadId = (await env.DB.prepare(`SELECT id FROM leads WHERE name = 'Anna Botha'`).first<any>()).id;
  // Anna again on the form, same e-mail in capitals, with her phone in national form.
  formLeadId = await capture({ name: 'Anna B', email: 'ANNA.BOTHA@example.co.za', phone: '082 444 5555' }, '198.19.0.2');
  // Somebody else, who must survive.
  otherLeadId = await capture({ name: 'Other Person', email: 'other@example.co.za', phone: '083 999 0000' }, '198.19.0.3');
  expect((await postJson('/api/customer-details', { name: 'Anna', whatsapp: '+27 82 444 5555', email: 'someone.else@example.co.za', sessionId: SESSION, popiaConsent: true }, { 'CF-Connecting-IP': '198.19.0.4' })).status).toBe(201);

  const lines = JSON.stringify([{ product_name: 'Roller Blind - Blockout' }]);
  await env.DB.batch([
    // Her quotes: one an order was made from (kept, blanked), one without an order (deleted). Matched by the mobile in international form.
    env.DB.prepare(`INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900001', '2026-01-01', '2026-01-31', 'Anna Botha', NULL, '+27824445555', ?, 100000, 1, 'email', 'secret-key-1')`).bind(lines),
    env.DB.prepare(`INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900002', '2026-01-01', '2026-01-31', 'Anna Botha', 'anna.botha@example.co.za', NULL, ?, 50000, 1, 'email', 'secret-key-2')`).bind(lines),
    env.DB.prepare(`INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES ('CB-900003', '2026-01-01', '2026-01-31', 'Other Person', 'other@example.co.za', NULL, ?, 50000, 1, 'email', 'secret-key-3')`).bind(lines),
    env.DB.prepare(`INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, special_instructions, subtotal_cents, vat_cents, total_cents, quote_id, payment_status, paid_at) VALUES ('CB-POPIA00001', 'Anna Botha', 'anna.botha@example.co.za', '082-444-5555', '1 Main Rd, Knysna', 'Gate code 1234', 86957, 13043, 100000, 'CB-900001', 'paid', '2026-01-02T10:00:00.000Z')`),
    env.DB.prepare(`INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version) VALUES ('CB-POPIA00001', 1, 'roller-blockout', 'Roller Blind - Blockout', 1200, 1500, 'left', 'inside-recess', 'White', 1, 100000, 100000, 1)`),
    env.DB.prepare(`INSERT INTO payments (order_reference, provider, provider_payment_id, amount_cents, status, raw) VALUES ('CB-POPIA00001', 'sandbox', 'pay-popia-1', 100000, 'succeeded', '{"payer":"Anna Botha"}')`),
    env.DB.prepare(`INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status) VALUES ('CB-OTHER00001', 'Other Person', 'other@example.co.za', 86957, 13043, 100000, 'pending')`),
    env.DB.prepare(`INSERT INTO email_outbox (dedupe_key, kind, to_address, to_name, subject, html, text, status, next_attempt_at) VALUES ('order-confirmation:CB-POPIA00001:customer', 'order-confirmation', 'anna.botha@example.co.za', 'Anna Botha', 'Order CB-POPIA00001 received', '<p>Hi Anna</p>', 'Hi Anna', 'sent', '2026-01-01T00:00:00.000Z')`),
    env.DB.prepare(`INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at) VALUES ('order-confirmation:CB-POPIA00001:business', 'order-confirmation', 'info@example.co.za', 'New order CB-POPIA00001', '<p>Anna Botha, 1 Main Rd</p>', 'Anna Botha, 1 Main Rd', 'pending', '2099-01-01T00:00:00.000Z')`),
  ]);
  await env.MEDIA.put(`chat/${SESSION}/1-1.png`, PNG, { httpMetadata: { contentType: 'image/png' } });
  await env.MEDIA.put(`windows/${SESSION}/2.jpg`, PNG);
  await env.MEDIA.put('chat/session_1700000000999_otherpers/1-1.png', PNG);
});

describe('GET /api/leads/{id}/personal-data', () => {
  it('downloads one JSON document of everything held about the person, matched by e-mail and phone digits', async () => {
    const res = await staff(`/api/leads/${formLeadId}/personal-data`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="personal-data-${formLeadId}.json"`);
    const data = await res.json<any>();
    // Her leads widen the match: the quick-details dialog's lead shares her WhatsApp number, so its e-mail counts too.
    expect(data.matchedBy).toEqual({ leadId: formLeadId, emails: ['anna.botha@example.co.za', 'someone.else@example.co.za'], phones: ['0824445555', '27824445555'] });
    const quickLead = data.leads.find((l: any) => l.source === 'quick_details');
    expect(quickLead).toMatchObject({ whatsapp: '+27 82 444 5555' });
    expect(data.leads.map((l: any) => l.id).sort()).toEqual([chatLeadId, formLeadId, quickLead.id].sort());
    expect(data.leads.find((l: any) => l.id === chatLeadId).sessionData.sessionId).toBe(SESSION);
    expect(data.customerDetails).toHaveLength(1);
    expect(data.customerDetails[0]).toMatchObject({ whatsapp: '+27 82 444 5555', sessionId: SESSION });
    expect(data.quotes.map((q: any) => q.id).sort()).toEqual(['CB-900001', 'CB-900002']);
    expect(JSON.stringify(data.quotes)).not.toContain('secret-key');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ reference: 'CB-POPIA00001', customerAddress: '1 Main Rd, Knysna', lines: [{ productName: 'Roller Blind - Blockout' }], payments: [{ providerPaymentId: 'pay-popia-1' }] });
    const subjects = data.emails.map((e: any) => e.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Order CB-POPIA00001 received', 'New order CB-POPIA00001']));
    expect(data.emails.some((e: any) => e.kind === 'lead-notification')).toBe(true);
    expect(data.emails.every((e: any) => typeof e.createdAt === 'string' && typeof e.text === 'string')).toBe(true);
    expect(data.chatSessions).toHaveLength(1);
    expect(data.chatSessions[0].sessionId).toBe(SESSION);
    expect(data.chatSessions[0].messages[0]).toMatchObject({ role: 'user', content: expect.stringContaining('Anna Botha') });
    expect(data.photos.map((p: any) => p.key).sort()).toEqual([`chat/${SESSION}/1-1.png`, `windows/${SESSION}/2.jpg`]);
    expect(data.photos[0]).toMatchObject({ size: PNG.byteLength, uploaded: expect.stringMatching(/^\d{4}-/) });
    // Nothing of the other person.
    expect(JSON.stringify(data)).not.toContain('other@example.co.za');
  });

  it('answers 404 for an unknown lead', async () => {
    expect((await staff('/api/leads/no-such-lead/personal-data')).status).toBe(404);
  });
});

describe('DELETE /api/leads/{id}/personal-data', () => {
  it('answers 404 for an unknown lead and changes nothing', async () => {
    const res = await staff('/api/leads/no-such-lead/personal-data', 'DELETE');
    expect(res.status).toBe(404);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'popia.delete'`).first<number>('n')).toBe(0);
  });

  it('deletes everything, blanks the orders the law makes us keep, and audits it without personal data', async () => {
    const res = await staff(`/api/leads/${chatLeadId}/personal-data`, 'DELETE');
    expect(res.status).toBe(200);
    const { deleted } = await res.json<any>();
    // Deleting from the chat lead (e-mail only) still reaches what her other leads' phone number identifies.
    expect(deleted).toEqual({ leads: 3, customerDetails: 1, quotesDeleted: 1, quotesBlanked: 1, ordersBlanked: 1, emailsBlanked: 5, chatSessions: 1, photos: 2 });

    const one = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<any>();
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id IN (?, ?) OR name = 'Anna'`, chatLeadId, formLeadId)).n).toBe(0);
    expect((await one(`SELECT COUNT(*) AS n FROM customer_details WHERE session_id = ?`, SESSION)).n).toBe(0);
    expect(await one(`SELECT * FROM quotes WHERE id = 'CB-900002'`)).toBeNull();
    expect(await one(`SELECT customer_name, customer_email, customer_mobile FROM quotes WHERE id = 'CB-900001'`)).toEqual({ customer_name: 'Deleted on request', customer_email: null, customer_mobile: null });
    // SARS: reference, totals, dates, lines and payments stay; the personal fields go.
    expect(await one(`SELECT * FROM orders WHERE reference = 'CB-POPIA00001'`)).toMatchObject({
      customer_name: 'Deleted on request', customer_email: '', customer_phone: null, customer_address: null, special_instructions: null,
      total_cents: 100000, vat_cents: 13043, paid_at: '2026-01-02T10:00:00.000Z', payment_status: 'paid',
    });
    expect((await one(`SELECT COUNT(*) AS n FROM order_lines WHERE order_reference = 'CB-POPIA00001'`)).n).toBe(1);
    expect(await one(`SELECT amount_cents, status, raw FROM payments WHERE provider_payment_id = 'pay-popia-1'`)).toEqual({ amount_cents: 100000, status: 'succeeded', raw: null });
    const mails = (await env.DB.prepare(`SELECT * FROM email_outbox WHERE dedupe_key LIKE 'order-confirmation:CB-POPIA00001:%' OR dedupe_key IN (?, ?)`).bind(`lead-notification:${chatLeadId}`, `lead-notification:${formLeadId}`).all<any>()).results;
    expect(mails).toHaveLength(4);
    for (const m of mails) expect(m).toMatchObject({ html: '', text: '', to_address: '', to_name: null, reply_to: null, subject: 'Deleted on request' });
    // The unsent business copy will not go out any more.
    expect(mails.find((m: any) => m.dedupe_key.endsWith(':business')).status).toBe('failed');

    const history = await env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(SESSION)).history();
    expect(history).toEqual([]);
    expect(await env.MEDIA.head(`chat/${SESSION}/1-1.png`)).toBeNull();
    expect(await env.MEDIA.head(`windows/${SESSION}/2.jpg`)).toBeNull();

    const audit = await one(`SELECT * FROM audit_log WHERE action = 'popia.delete'`);
    expect(audit.target).toBe(chatLeadId);
    expect(JSON.parse(audit.details)).toEqual(deleted);
    expect(JSON.stringify(audit)).not.toMatch(/anna|botha|4445555/i);

    // The other person is untouched.
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id = ?`, otherLeadId)).n).toBe(1);
    expect(await one(`SELECT customer_name FROM orders WHERE reference = 'CB-OTHER00001'`)).toEqual({ customer_name: 'Other Person' });
    expect(await one(`SELECT id FROM quotes WHERE id = 'CB-900003'`)).toEqual({ id: 'CB-900003' });
    expect(await env.MEDIA.head('chat/session_1700000000999_otherpers/1-1.png')).not.toBeNull();

    // A second request finds nothing left to act on.
    expect((await staff(`/api/leads/${chatLeadId}/personal-data`)).status).toBe(404);
  });
});

describe('a customer with many records (D1 binds at most 100 parameters per statement)', () => {
  it('exports and deletes 150 orders, their confirmations and quotes in one go', async () => {
    const leadId = await capture({ name: 'Busy Buyer', email: 'busy.buyer@example.co.za', phone: '084 111 2222' }, '198.19.0.9');
    const refs = Array.from({ length: 150 }, (_, i) => `CB-BUSY${String(i).padStart(6, '0')}`);
    const lines = JSON.stringify([{ product_name: 'Roller Blind - Blockout' }]);
    const statements = refs.flatMap((ref, i) => [
      env.DB.prepare(`INSERT INTO orders (reference, customer_name, customer_email, subtotal_cents, vat_cents, total_cents, payment_status) VALUES (?, 'Busy Buyer', 'busy.buyer@example.co.za', 86957, 13043, 100000, 'paid')`).bind(ref),
      env.DB.prepare(`INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, html, text, status, next_attempt_at) VALUES (?, 'order-confirmation', 'info@example.co.za', 'New order', '<p>Busy Buyer</p>', 'Busy Buyer', 'sent', '2026-01-01T00:00:00.000Z')`).bind(`order-confirmation:${ref}:business`),
      env.DB.prepare(`INSERT INTO quotes (id, quote_date, valid_until, customer_name, customer_email, customer_mobile, lines, total_cents, total_quantity, origin, access_key) VALUES (?, '2026-01-01', '2026-01-31', 'Busy Buyer', 'busy.buyer@example.co.za', NULL, ?, 50000, 1, 'email', 'k')`).bind(`CB-8${String(i).padStart(5, '0')}`, lines),
    ]);
    await env.DB.batch(statements);

    const exported = await staff(`/api/leads/${leadId}/personal-data`);
    expect(exported.status).toBe(200);
    const removed = await staff(`/api/leads/${leadId}/personal-data`, 'DELETE');
    expect(removed.status).toBe(200);
    expect((await removed.json<any>()).deleted).toMatchObject({ leads: 1, quotesDeleted: 150, ordersBlanked: 150, emailsBlanked: 151 });
    const left = await env.DB.prepare(`SELECT COUNT(*) AS n FROM orders WHERE customer_name = 'Busy Buyer'`).first<any>();
    expect(left.n).toBe(0);
    const mails = await env.DB.prepare(`SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key LIKE 'order-confirmation:CB-BUSY%' AND text = ''`).first<any>();
    expect(mails.n).toBe(150);
  });
});
