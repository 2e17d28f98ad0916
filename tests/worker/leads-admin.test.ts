// Staff leads API (staff spec 2.10, 7, 8): list with counts, filter, follow-up, CSV export,
// leads from every source, and the business's notice queued with the lead.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../worker/shared/csv';
import { captureLead, leadSink } from '../../worker/services/leads';
import { BASE, get, postJson } from './helpers';

let ipCounter = 0;
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.77' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

const asStaff = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${BASE}${path}`, {
    ...init,
    headers: {
      Cookie: staffCookie,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
const patchLead = (id: string, body: unknown, cookie = true) =>
  SELF.fetch(`${BASE}/api/leads/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: staffCookie } : {}) },
    body: JSON.stringify(body),
  });

const formLead = (over: Record<string, unknown> = {}) => ({
  name: 'Thandi Mokoena',
  email: 'thandi@example.co.za',
  phone: '082 555 0101',
  whatsapp: null,
  location: 'Knysna',
  source: 'ar_visualizer',
  productInterest: 'Venetian Blind - 50mm Aluminium',
  sessionData: { blindType: 'venetian-aluminium-50mm', colour: 'Silver', dimensions: { width_mm: 1200, height_mm: 1500 } },
  notes: null,
  popiaConsent: true,
  ...over,
});

async function capture(over: Record<string, unknown> = {}): Promise<string> {
  const res = await postJson('/api/leads/capture', formLead(over), { 'CF-Connecting-IP': freshIp() });
  expect(res.status).toBe(201);
  return (await res.json<any>()).leadId;
}

describe('staff leads API: anonymous requests', () => {
  it.each([
    ['GET', '/api/leads'],
    ['GET', '/api/leads?status=new'],
    ['GET', '/api/leads/export'],
    ['PATCH', '/api/leads/some-id'],
    ['POST', '/api/leads/some-id/personal-data/preview'],
    ['POST', '/api/leads/some-id/personal-data/export'],
    ['POST', '/api/leads/some-id/personal-data/delete'],
  ])('%s %s answers 401 without a staff cookie', async (method, path) => {
    const res = await SELF.fetch(`${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'PATCH' ? '{"notes":"x"}' : undefined,
    });
    expect(res.status).toBe(401);
    expect((await res.json<any>()).error).toBe('unauthorized');
  });

  it('a forged cookie is a 401 too', async () => {
    const res = await get('/api/leads', { Cookie: '__Host-cb_staff=forged-session-value-0123456789abcdef0123456789' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/leads', () => {
  it('lists leads from every source, newest first, with the counts for the stat cards', async () => {
    const formId = await capture({ name: 'Form Lead' });
    const consultId = await capture({ name: 'Quote Consult', source: 'quote_consultation', sessionData: { quoteId: 'CB-123456' } });
    const details = await postJson(
      '/api/customer-details',
      {
        name: 'Quick Pieter',
        whatsapp: '082 123 4567',
        email: 'pieter@example.co.za',
        feature: 'room_walkthrough',
        sessionId: 'session_1700000000000_quickdeta',
        popiaConsent: true,
      },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(details.status).toBe(201);
    // A chat lead with a phone number only (the consultant asks for an e-mail or a phone).
    const chat = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'My name is Sipho Dlamini, please call me on 082 555 9876 about shutters', sessionId: 'session_1700000000001_chatleadx' },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(chat.status).toBe(200);
    // The consultant asks for consent before it keeps the details; the lead is stored on 'yes'.
    const agreed = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'yes', sessionId: 'session_1700000000001_chatleadx' },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(agreed.status).toBe(200);

    const res = await asStaff('/api/leads');
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    const byName = (name: string) => body.leads.find((l: any) => l.name === name);
    expect(byName('Form Lead')).toMatchObject({
      id: formId,
      source: 'ar_visualizer',
      followUpStatus: 'new',
      email: 'thandi@example.co.za',
      phone: '082 555 0101',
      lastContactedAt: null,
    });
    expect(byName('Quote Consult')).toMatchObject({ id: consultId, source: 'quote_consultation', sessionData: { quoteId: 'CB-123456' } });
    expect(byName('Quick Pieter')).toMatchObject({
      source: 'quick_details',
      whatsapp: '082 123 4567',
      email: 'pieter@example.co.za',
      productInterest: null,
    });
    const sipho = byName('Sipho Dlamini');
    expect(sipho).toMatchObject({ source: 'chat', email: null, sessionData: { sessionId: 'session_1700000000001_chatleadx' } });
    expect(sipho.phone.replace(/\D/g, '')).toBe('0825559876');
    const times = body.leads.map((l: any) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<number>('n');
    expect(body.counts.total).toBe(n);
    expect(body.counts.new + body.counts.contacted + body.counts.quoted + body.counts.closed).toBe(n);
  });

  it('filters by status; the counts stay those of every lead', async () => {
    const id = await capture({ name: 'Filter Me' });
    expect((await patchLead(id, { followUpStatus: 'quoted' })).status).toBe(200);
    const body = await (await asStaff('/api/leads?status=quoted')).json<any>();
    expect(body.leads.length).toBeGreaterThan(0);
    expect(body.leads.every((l: any) => l.followUpStatus === 'quoted')).toBe(true);
    expect(body.leads.some((l: any) => l.id === id)).toBe(true);
    expect(body.counts.total).toBeGreaterThan(body.leads.length);
  });

  it('answers 400 for an unknown status', async () => {
    const res = await asStaff('/api/leads?status=archived');
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain('status');
  });
});

describe('PATCH /api/leads/{id}', () => {
  it('marks a lead contacted (lastContactedAt set) and records lead.update in the audit log', async () => {
    const id = await capture({ name: 'Patch Contacted' });
    const res = await patchLead(id, { followUpStatus: 'contacted' });
    expect(res.status).toBe(200);
    const { lead } = await res.json<any>();
    expect(lead).toMatchObject({ id, followUpStatus: 'contacted' });
    expect(Date.now() - Date.parse(lead.lastContactedAt)).toBeLessThan(60_000);
    const row = await env.DB.prepare('SELECT follow_up_status, last_contacted_at FROM leads WHERE id = ?').bind(id).first<any>();
    expect(row).toEqual({ follow_up_status: 'contacted', last_contacted_at: lead.lastContactedAt });
    const audit = await env.DB.prepare(`SELECT * FROM audit_log WHERE action = 'lead.update' AND target = ?`).bind(id).first<any>();
    expect(audit.actor).toMatch(/\S/);
    expect(JSON.parse(audit.details)).toMatchObject({ followUpStatus: 'contacted', from: 'new', notesChanged: false });
  });

  it('saves notes alone without touching the status or lastContactedAt', async () => {
    const id = await capture({ name: 'Patch Notes' });
    const res = await patchLead(id, { notes: 'Called, wants a site visit on Friday' });
    expect(res.status).toBe(200);
    expect((await res.json<any>()).lead).toMatchObject({
      notes: 'Called, wants a site visit on Friday',
      followUpStatus: 'new',
      lastContactedAt: null,
    });
    // Closing later keeps the notes and sets no contact time.
    const closed = await (await patchLead(id, { followUpStatus: 'closed' })).json<any>();
    expect(closed.lead).toMatchObject({ followUpStatus: 'closed', notes: 'Called, wants a site visit on Friday', lastContactedAt: null });
  });

  it.each([
    [{}, 'followUpStatus and/or notes'],
    [{ followUpStatus: 'archived' }, 'followUpStatus'],
    [{ notes: 'x'.repeat(4001) }, 'notes'],
    [{ notes: 'ok', email: 'hijack@example.com' }, 'email'],
  ])('answers 400 for bad input %#', async (body, field) => {
    const id = await capture({ name: 'Patch Bad' });
    const res = await patchLead(id, body);
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain(field);
  });

  it('answers 404 for an unknown id, and writes no audit entry', async () => {
    const res = await patchLead('no-such-lead', { followUpStatus: 'contacted' });
    expect(res.status).toBe(404);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE target = 'no-such-lead'`).first<number>('n')).toBe(0);
  });

  it('refuses a cross-site write with the staff cookie (403)', async () => {
    const id = await capture({ name: 'Cross Site' });
    const res = await asStaff(`/api/leads/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ notes: 'x' }),
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/leads/export', () => {
  it('is a dated CSV attachment; formula cells are neutralised and quotes escaped (RFC 4180)', async () => {
    await capture({ name: '=HYPERLINK("http://evil.example","click")', notes: '+SUM(A1:A2)', location: '@cmd', productInterest: '-2+3' });
    await capture({ name: 'Plain, "Quoted" Name', notes: 'line one\nline two' });
    const res = await asStaff('/api/leads/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await res.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,whatsapp,location,source,productInterest,followUpStatus,notes,createdAt,lastContactedAt,popiaConsent,product,colour,sizes',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain(",'+SUM(A1:A2),");
    expect(csv).toContain(",'@cmd,");
    expect(csv).toContain(",'-2+3,");
    expect(csv).toContain('"Plain, ""Quoted"" Name"');
    expect(csv).toContain('"line one\nline two"');
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
  });

  it('csvCell: every formula lead character, tab and CR', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+27 82 555 0101')).toBe("'+27 82 555 0101");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('safe = text')).toBe('safe = text');
  });
});

describe('the business is told of a new lead through the outbox', () => {
  it('queues the notice with the lead: who, how to reach them, what they want, a link to /leads', async () => {
    const id = await capture({ name: 'Notice Naledi', phone: '083 111 2222', productInterest: 'Roller Blind - Blockout' });
    const row = await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key = ?').bind(`lead-notification:${id}`).first<any>();
    expect(row).toMatchObject({ kind: 'lead-notification', to_address: 'info@example.co.za', reply_to: 'thandi@example.co.za' });
    expect(row.subject).toBe('New lead: Notice Naledi - Roller Blind - Blockout');
    for (const part of [
      'Notice Naledi',
      'thandi@example.co.za',
      '083 111 2222',
      'Knysna',
      'AR visualiser',
      'Roller Blind - Blockout',
      'https://shop.test/leads',
    ]) {
      expect(row.text).toContain(part);
      expect(row.html).toContain(part);
    }
  });

  it('escapes what the customer typed in the HTML notice', async () => {
    const id = await capture({ name: '<img src=x onerror=alert(1)>' });
    const row = await env.DB.prepare('SELECT html FROM email_outbox WHERE dedupe_key = ?').bind(`lead-notification:${id}`).first<any>();
    expect(row.html).not.toContain('<img src=x');
    expect(row.html).toContain('&lt;img src=x');
  });

  it('queues one for the quick-details dialog and a chat lead as well', async () => {
    const res = await postJson(
      '/api/customer-details',
      { name: 'Quick Notice', whatsapp: '082 000 1111', email: 'qn@example.co.za', feature: 'ar_visualizer', popiaConsent: true },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(res.status).toBe(201);
    const lead = await env.DB.prepare(`SELECT id FROM leads WHERE name = 'Quick Notice'`).first<any>();
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key = ?')
        .bind(`lead-notification:${lead.id}`)
        .first<number>('n'),
    ).toBe(1);
    const chatLead = await env.DB.prepare(`SELECT id FROM leads WHERE source = 'chat' LIMIT 1`).first<any>();
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key = ?')
        .bind(`lead-notification:${chatLead.id}`)
        .first<number>('n'),
    ).toBe(1);
  });

  it('queues nothing when BUSINESS_EMAIL is unset, and the lead is still stored', async () => {
    const id = await captureLead(leadSink({ ...env, BUSINESS_EMAIL: '' } as any, { origin: BASE }), {
      ...formLead({ name: 'No Business Mail' }),
      email: 'nb@example.co.za',
    } as any);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE id = ?').bind(id).first<number>('n')).toBe(1);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key = ?')
        .bind(`lead-notification:${id}`)
        .first<number>('n'),
    ).toBe(0);
  });

  it('the lead and its notice are one batch: a notice that cannot be stored stores no lead', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<number>('n');
    // An outbox row needs a recipient (NOT NULL): a broken notice makes the whole batch fail.
    const sink = leadSink(env as any, { origin: BASE });
    sink.notice!.business = { ...sink.notice!.business, email: null as any };
    await expect(captureLead(sink, { ...formLead({ name: 'Atomic' }), email: 'a@example.co.za' } as any)).rejects.toThrow();
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<number>('n')).toBe(before);
  });
});
