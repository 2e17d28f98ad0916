// POPIA for every customer (DESIGN.md section 7, data requests): staff find a customer by the e-mail
// address or phone number they verified with the person, not only from a lead row, through
// /api/admin/personal-data. The same match as a lead's request: only records carrying that one
// identifier in normal form; a decoy customer whose details differ by one digit or share a name is
// never touched.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE } from './helpers';
import { capture, ids, insertEmail, insertOrder, one, staffCookie, staffPost, useStaffSession } from './popia-fixtures';

beforeAll(async () => {
  await useStaffSession('192.0.2.93');
});

const previewRes = (action: 'export' | 'delete', verifiedBy: 'email' | 'phone', value: string) =>
  staffPost('/api/admin/personal-data/preview', { action, verifiedBy, value });

async function preview(action: 'export' | 'delete', verifiedBy: 'email' | 'phone', value: string) {
  const res = await previewRes(action, verifiedBy, value);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<any>();
}

describe('a customer who ordered online without leaving a lead', () => {
  beforeAll(async () => {
    await env.DB.batch([
      // Zanele: two online orders (phone in two spellings), a confirmation e-mail; no lead at all.
      insertOrder('CB-CUSTOMER001', {
        name: 'Zanele Ndlovu',
        email: 'zanele@example.co.za',
        phone: '082 700 1122',
        address: '3 Oak St, George',
      }),
      insertOrder('CB-CUSTOMER002', { name: 'Zanele Ndlovu', email: 'Zanele@Example.co.za', phone: '+27 82 700 1122' }),
      insertEmail('order-confirmation:CB-CUSTOMER001:x', 'zanele@example.co.za', 'Your order CB-CUSTOMER001', 'Hi Zanele'),
      // The decoy: the same name, a number one digit apart, another address.
      insertOrder('CB-DECOY00001', {
        name: 'Zanele Ndlovu',
        email: 'zanele.n@example.co.za',
        phone: '082 700 1123',
        address: '9 Elm St, Knysna',
      }),
      insertEmail('order-confirmation:CB-DECOY00001:x', 'zanele.n@example.co.za', 'Your order CB-DECOY00001', 'Hi other Zanele'),
    ]);
    await capture({ name: 'Zanele Decoy', email: 'zanele.n@example.co.za', phone: '082 700 1123' }, '198.19.9.1');
  });

  it('is found by phone number in any spelling: her orders and the e-mails about them, not the decoy', async () => {
    for (const spelling of ['082 700 1122', '+27827001122', '27 82 700 1122']) {
      const body = await preview('export', 'phone', spelling);
      expect(body.leadId).toBeNull();
      expect(body.identifier).toEqual({ type: 'phone', value: '+27827001122' });
      expect(ids(body.records, 'order')).toEqual(['CB-CUSTOMER001', 'CB-CUSTOMER002']);
      expect(ids(body.records, 'lead')).toEqual([]);
      expect(body.records.some((r: any) => JSON.stringify(r).includes('DECOY'))).toBe(false);
    }
  });

  it('exports exactly the approved list as one JSON file, audited without the identifier', async () => {
    const { token, records } = await preview('export', 'phone', '082 700 1122');
    const res = await staffPost('/api/admin/personal-data/export', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = await res.json<any>();
    expect(doc.matchedBy).toEqual({ leadId: null, identifier: { type: 'phone', value: '+27827001122' } });
    expect(doc.orders.map((o: any) => o.reference).sort()).toEqual(['CB-CUSTOMER001', 'CB-CUSTOMER002']);
    expect(JSON.stringify(doc)).not.toContain('1123');
    expect(doc.records).toEqual(records);
    const audit = await one(`SELECT target, details FROM audit_log WHERE action = 'popia.export' ORDER BY id DESC`);
    expect(audit.target).toMatch(/^customer:[0-9a-f]{16}$/);
    expect(audit.details).not.toContain('700');
    // One approval, one action.
    expect((await staffPost('/api/admin/personal-data/export', { token })).status).toBe(400);
  });

  it("refuses the business's own address and number, and what is no address or number", async () => {
    const own = await previewRes('export', 'email', env.BUSINESS_EMAIL ?? 'info@example.co.za');
    expect(own.status).toBe(400);
    expect((await own.json<any>()).message).toContain("business's own");
    const bad = await previewRes('export', 'phone', '12');
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).message).toBe('That is not a phone number.');
  });

  it('an approval from a lead row cannot act on a customer request, nor one for an export on a deletion', async () => {
    const { token } = await preview('export', 'email', 'zanele@example.co.za');
    expect((await staffPost('/api/admin/personal-data/delete', { token })).status).toBe(400);
    const leadId = (await one(`SELECT id FROM leads WHERE name = 'Zanele Decoy'`)).id;
    const { token: leadToken } = await (
      await staffPost(`/api/leads/${leadId}/personal-data/preview`, {
        action: 'delete',
        verifiedBy: 'email',
        value: 'zanele.n@example.co.za',
      })
    ).json<any>();
    expect((await staffPost('/api/admin/personal-data/delete', { token: leadToken })).status).toBe(400);
  });

  it('deletes by e-mail: her orders kept for SARS with personal fields blanked, her e-mails erased; the decoy untouched', async () => {
    const { token, records } = await preview('delete', 'email', 'ZANELE@example.co.za');
    expect(ids(records, 'order')).toEqual(['CB-CUSTOMER001', 'CB-CUSTOMER002']);
    const res = await staffPost('/api/admin/personal-data/delete', { token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<any>()).deleted).toMatchObject({ ordersBlanked: 2, emailsBlanked: 1, leads: 0 });
    expect(
      await one(
        `SELECT customer_name, customer_email, customer_phone, customer_address, total_cents FROM orders WHERE reference = 'CB-CUSTOMER001'`,
      ),
    ).toEqual({
      customer_name: 'Deleted on request',
      customer_email: '',
      customer_phone: null,
      customer_address: null,
      total_cents: 100000,
    });
    expect(
      await one(`SELECT customer_name, customer_email, customer_phone, customer_address FROM orders WHERE reference = 'CB-DECOY00001'`),
    ).toEqual({
      customer_name: 'Zanele Ndlovu',
      customer_email: 'zanele.n@example.co.za',
      customer_phone: '082 700 1123',
      customer_address: '9 Elm St, Knysna',
    });
    expect(await one(`SELECT COUNT(*) AS n FROM leads WHERE name = 'Zanele Decoy'`)).toEqual({ n: 1 });
    expect(await one(`SELECT to_address, text FROM email_outbox WHERE dedupe_key = 'order-confirmation:CB-DECOY00001:x'`)).toEqual({
      to_address: 'zanele.n@example.co.za',
      text: 'Hi other Zanele',
    });
  });

  it("deletes a lead's notes history with the lead", async () => {
    const leadId = await capture({ name: 'Noted Person', email: 'noted.person@example.co.za', notes: 'her words' }, '198.19.9.2');
    expect((await staffPost(`/api/leads/${leadId}/notes`, { text: 'staff words' })).status).toBe(201);
    const { token } = await preview('delete', 'email', 'noted.person@example.co.za');
    expect((await staffPost('/api/admin/personal-data/delete', { token })).status).toBe(200);
    expect(await one(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?`, leadId)).toEqual({ n: 0 });
  });

  it("exports a lead's notes history with the lead", async () => {
    const leadId = await capture({ name: 'Export Notes', email: 'export.notes@example.co.za', notes: 'from the form' }, '198.19.9.3');
    expect((await staffPost(`/api/leads/${leadId}/notes`, { text: 'called back' })).status).toBe(201);
    const { token } = await preview('export', 'email', 'export.notes@example.co.za');
    const doc = await (await staffPost('/api/admin/personal-data/export', { token })).json<any>();
    expect(doc.leads[0].notesHistory.map((n: any) => n.text)).toEqual(['from the form', 'called back']);
  });
});

describe("a customer a consultant visited: the site visit's notes are covered by phone number", () => {
  const visit = (id: string, clientName: string, mobile: string) =>
    staffPost('/api/site-visits/visits', {
      id,
      clientName,
      address: '14 Lagoon Drive, Knysna',
      mobile,
      measurements: 'Lounge 1800 x 1500',
      blindTypes: ['Roller blinds'],
      notes: 'Prefers charcoal; dog at the gate',
      visitDate: '2026-11-20',
      status: 'quoted',
    });

  beforeAll(async () => {
    expect((await visit('visit_popia_sipho', 'Sipho Dlamini', '083 410 2233')).status).toBe(201);
    // The decoy: the same name, a number one digit apart.
    expect((await visit('visit_popia_decoy', 'Sipho Dlamini', '083 410 2234')).status).toBe(201);
  });

  it('is matched by the mobile number in another spelling and exported; never by e-mail, and not the decoy', async () => {
    const { token, records, notes } = await preview('export', 'phone', '+27 83 410 2233');
    expect(ids(records, 'site-visit')).toEqual(['visit_popia_sipho']);
    expect(records.find((r: any) => r.type === 'site-visit').matchedBy).toBe('mobile');
    const doc = await (await staffPost('/api/admin/personal-data/export', { token })).json<any>();
    expect(doc.siteVisits).toEqual([
      expect.objectContaining({ id: 'visit_popia_sipho', clientName: 'Sipho Dlamini', notes: 'Prefers charcoal; dog at the gate' }),
    ]);
    expect(JSON.stringify(doc)).not.toContain('2234');
    const byEmail = await preview('export', 'email', 'sipho@example.co.za');
    expect(ids(byEmail.records, 'site-visit')).toEqual([]);
    expect(byEmail.notes.join(' ')).toContain('ask for the phone number');
    expect(notes.join(' ')).not.toContain('ask for the phone number');
  });

  it('deletes by blanking the visit and marking it deleted, so every phone drops it; the decoy is untouched', async () => {
    const { token } = await preview('delete', 'phone', '083 410 2233');
    const res = await staffPost('/api/admin/personal-data/delete', { token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<any>()).deleted).toMatchObject({ siteVisits: 1 });
    const row = await one(
      `SELECT client_name, address, mobile, measurements, notes, deleted_at_ms FROM site_visits WHERE id = 'visit_popia_sipho'`,
    );
    expect(row).toMatchObject({ client_name: 'Deleted on request', address: '', mobile: '', measurements: '', notes: '' });
    expect(row.deleted_at_ms).toEqual(expect.any(Number));
    // The office's state for the phones no longer lists it.
    const state = await (await SELF.fetch(`${BASE}/api/site-visits/state`, { headers: { Cookie: staffCookie } })).json<any>();
    expect(JSON.stringify(state)).not.toContain('083 410 2233');
    expect(JSON.stringify(state)).toContain('083 410 2234');
    expect(await one(`SELECT client_name, mobile, notes FROM site_visits WHERE id = 'visit_popia_decoy'`)).toEqual({
      client_name: 'Sipho Dlamini',
      mobile: '083 410 2234',
      notes: 'Prefers charcoal; dog at the gate',
    });
  });
});
