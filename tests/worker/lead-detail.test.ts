// A lead's detail for staff (staff spec 2.10): the chat transcript that led to it with each message's
// time and the photos sent in that chat (staff only, with their stored type), search across leads, the
// notes history (who, when, what; never overwritten) and the CSV's chosen product, colour and sizes.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, postJson } from './helpers';
import { capture, one, signIn, staffPost } from './popia-fixtures';

let cookie = '';
beforeAll(async () => {
  cookie = await signIn('192.0.2.91');
});

const asStaff = (path: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie } });
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let ipN = 0;
const ip = () => `198.51.100.${++ipN}`;

describe('new staff lead APIs: anonymous requests', () => {
  it.each([
    ['GET', '/api/leads/some-id'],
    ['GET', '/api/leads/some-id/photos?key=chat/x/1.png'],
    ['POST', '/api/leads/some-id/notes'],
    ['GET', '/api/leads/some-id/notes'],
    ['GET', '/api/leads?q=082'],
    ['POST', '/api/admin/personal-data/preview'],
    ['POST', '/api/admin/personal-data/export'],
    ['POST', '/api/admin/personal-data/delete'],
  ])('%s %s answers 401 without a staff cookie', async (method, path) => {
    const res = await SELF.fetch(`${BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'POST' ? '{"text":"x"}' : undefined,
    });
    expect(res.status).toBe(401);
  });
});

describe("a chat lead shows the customer's words and photos", () => {
  const SESSION = 'session_1700000000555_leaddetai';
  let leadId = '';
  let photoKey = '';

  beforeAll(async () => {
    const first = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'Here is my lounge window', sessionId: SESSION, images: [PNG_1PX] },
      { 'CF-Connecting-IP': ip() },
    );
    expect(first.status).toBe(200);
    const second = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'My name is Lerato Khumalo, call me on 082 555 7788 about roller blinds', sessionId: SESSION },
      { 'CF-Connecting-IP': ip() },
    );
    expect(second.status).toBe(200);
    // The consultant asks before it keeps the details (storefront spec, the consultant's consent); 'yes' stores the lead.
    const consent = await postJson('/api/melvin/enhanced-chat', { message: 'yes', sessionId: SESSION }, { 'CF-Connecting-IP': ip() });
    expect(consent.status).toBe(200);
    leadId = (await one(`SELECT id FROM leads WHERE name = 'Lerato Khumalo'`)).id;
    photoKey = (await env.MEDIA.list({ prefix: `chat/${SESSION}/` })).objects[0]!.key;
  });

  it('GET /api/leads/{id}: the transcript with times, the photo linked, the notes newest first; the view is audited', async () => {
    const res = await asStaff(`/api/leads/${leadId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<any>();
    expect(body.lead).toMatchObject({ id: leadId, source: 'chat' });
    expect(body.chat.status).toBe('kept');
    expect(body.chat.messages.map((m: any) => m.role)).toEqual([
      'customer',
      'consultant',
      'customer',
      'consultant',
      'customer',
      'consultant',
    ]);
    expect(body.chat.messages[0]).toMatchObject({ text: 'Here is my lounge window' });
    expect(Date.parse(body.chat.messages[0].at)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(body.chat.messages[0].photos).toEqual([
      { key: photoKey, url: `/api/leads/${leadId}/photos?key=${encodeURIComponent(photoKey)}` },
    ]);
    expect(body.photos).toHaveLength(1);
    expect(body.photos[0]).toMatchObject({ key: photoKey });
    // The consultant's own note is the first entry of the history.
    expect(body.notes).toHaveLength(1);
    expect(body.notes[0]).toMatchObject({ actor: 'lead capture' });
    const audit = await one(`SELECT * FROM audit_log WHERE action = 'lead.view' AND target = ?`, leadId);
    expect(JSON.parse(audit.details)).toEqual({ chat: 'kept', photos: 1 });
  });

  it('serves the photo to staff with its stored type, never sniffed, never cached', async () => {
    const res = await asStaff(`/api/leads/${leadId}/photos?key=${encodeURIComponent(photoKey)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new Uint8Array(await res.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  });

  it("opens no other chat's photo, no path trick and nothing for the public", async () => {
    await env.MEDIA.put('chat/session_1700000000556_otherchat/1-1.png', 'x', { httpMetadata: { contentType: 'image/png' } });
    for (const key of [
      'chat/session_1700000000556_otherchat/1-1.png',
      `chat/${SESSION}/../session_1700000000556_otherchat/1-1.png`,
      `chat/${SESSION}/`,
    ]) {
      expect((await asStaff(`/api/leads/${leadId}/photos?key=${encodeURIComponent(key)}`)).status).toBe(404);
    }
    expect((await SELF.fetch(`${BASE}/api/leads/${leadId}/photos?key=${encodeURIComponent(photoKey)}`)).status).toBe(401);
  });

  it('says when the transcript is no longer kept (deleted under the retention schedule)', async () => {
    const stub = env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(SESSION));
    await stub.forget();
    const body = await (await asStaff(`/api/leads/${leadId}`)).json<any>();
    expect(body.chat).toEqual({ status: 'expired', sessionId: SESSION, messages: [] });
  });

  it('a form lead naming a chat session in its sessionData shows no chat: a browser sent that id', async () => {
    const id = await capture(
      { name: 'Form Person', email: 'form.person@example.co.za', sessionData: { sessionId: 'session_1700000000556_otherchat' } },
      ip(),
    );
    const body = await (await asStaff(`/api/leads/${id}`)).json<any>();
    expect(body.chat).toEqual({ status: 'none', messages: [] });
    expect(body.photos).toEqual([]);
    expect(
      (await asStaff(`/api/leads/${id}/photos?key=${encodeURIComponent('chat/session_1700000000556_otherchat/1-1.png')}`)).status,
    ).toBe(404);
  });

  it('an unknown lead is a 404 with a message', async () => {
    const res = await asStaff('/api/leads/no-such-lead');
    expect(res.status).toBe(404);
    expect((await res.json<any>()).message).toContain('no lead');
  });
});

describe('search across leads', () => {
  let naledi = '';
  let pieter = '';
  beforeAll(async () => {
    naledi = await capture(
      {
        name: 'Naledi Search',
        email: 'Naledi.S@Example.co.za',
        phone: '+27 (82) 555-4433',
        location: 'Sedgefield',
        notes: 'wants blockout for the nursery',
      },
      ip(),
    );
    pieter = await capture(
      { name: 'Pieter Search', email: 'pieter@example.co.za', whatsapp: '0731112222', location: 'Plettenberg Bay' },
      ip(),
    );
  });
  const search = async (q: string) =>
    ((await (await asStaff(`/api/leads?q=${encodeURIComponent(q)}`)).json<any>()).leads as { id: string }[]).map((l) => l.id);

  it.each([
    ['part of a name, any case', 'naledi s', 'naledi'],
    ['an e-mail, any case', 'naledi.s@example.co.za', 'naledi'],
    ['the area', 'sedgefield', 'naledi'],
    ['words in the notes', 'NURSERY', 'naledi'],
    ['a phone in national form', '082 555 4433', 'naledi'],
    ['a phone in international form', '+27825554433', 'naledi'],
    ['a phone as 27...', '27 82 555 4433', 'naledi'],
    ['a WhatsApp number in another spelling', '+27 73 111 2222', 'pieter'],
  ])('finds by %s', async (_what, q, who) => {
    const found = await search(q);
    expect(found).toContain(who === 'naledi' ? naledi : pieter);
    expect(found).not.toContain(who === 'naledi' ? pieter : naledi);
  });

  it('finds words in a note added later, and treats % and _ as plain text', async () => {
    expect((await staffPost(`/api/leads/${pieter}/notes`, { text: 'Quoted 3 shutters 50% deposit' }, cookie)).status).toBe(201);
    expect(await search('50% deposit')).toEqual([pieter]);
    expect(await search('%')).toEqual([pieter]);
    expect(await search('no such words anywhere')).toEqual([]);
  });

  it('refuses a search longer than 200 characters with a 400', async () => {
    const res = await asStaff(`/api/leads?q=${'x'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain('q');
  });
});

describe('notes are a history', () => {
  it('each note is one more entry (who, when, what), newest first; PATCH notes adds one as well', async () => {
    const id = await capture({ name: 'Notes Person', email: 'notes.person@example.co.za', notes: 'Left on the form' }, ip());
    const first = await staffPost(`/api/leads/${id}/notes`, { text: 'Called, no answer' }, cookie);
    expect(first.status).toBe(201);
    const patch = await SELF.fetch(`${BASE}/api/leads/${id}`, {
      method: 'PATCH',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ notes: 'Site visit booked for Friday' }),
    });
    expect(patch.status).toBe(200);
    expect((await patch.json<any>()).lead.notes).toBe('Site visit booked for Friday');
    const { notes } = await (await asStaff(`/api/leads/${id}`)).json<any>();
    expect((await (await asStaff(`/api/leads/${id}/notes`)).json<any>()).notes).toEqual(notes);
    expect(notes.map((n: any) => n.text)).toEqual(['Site visit booked for Friday', 'Called, no answer', 'Left on the form']);
    expect(notes[2].actor).toBe('lead capture');
    expect(Date.parse(notes[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(notes[1].createdAt));
    // Who: the staff session, as the audit trail names it; the trail says a note was added, never its words.
    const audit = await one(`SELECT actor, details FROM audit_log WHERE action = 'lead.update' AND target = ? ORDER BY id DESC`, id);
    expect(notes[0].actor).toBe(audit.actor);
    expect(notes[1].actor).toBe(audit.actor);
    expect(audit.details).not.toContain('Friday');
  });

  it.each([
    ['a blank note', { text: '   ' }, 'must not be empty'],
    ['a note over 4000 characters', { text: 'x'.repeat(4001) }, 'at most 4000'],
    ['an actor chosen by the client', { text: 'ok', actor: 'someone else' }, 'actor'],
  ])('refuses %s with a 400 that says why', async (_what, body, message) => {
    const id = await capture({ name: 'Bad Note', email: 'bad.note@example.co.za' }, ip());
    const res = await staffPost(`/api/leads/${id}/notes`, body, cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it("the migration's back-fill makes each existing note the first entry, 'before history', at the lead's latest time", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_lead_notes.sql'))!;
    const backFill = migration.queries.find((q) => q.includes('INSERT INTO `lead_notes`'))!;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO leads (id, name, source, notes, created_at, last_contacted_at) VALUES ('old-1', 'Old One', 'other', 'Wants shutters', '2025-01-01T08:00:00.000Z', '2025-02-01T09:00:00.000Z')`,
      ),
      env.DB.prepare(
        `INSERT INTO leads (id, name, source, notes, created_at) VALUES ('old-2', 'Old Two', 'other', 'Call after 5', '2025-03-01T08:00:00.000Z')`,
      ),
      env.DB.prepare(
        `INSERT INTO leads (id, name, source, notes, created_at) VALUES ('old-3', 'Old Three', 'other', '  ', '2025-03-01T08:00:00.000Z')`,
      ),
    ]);
    // Only this test's leads: the other leads of this file already have their history.
    await env.DB.prepare(`${backFill.trim().replace(/;$/, '')} AND \`id\` LIKE 'old-%'`).run();
    const rows = await env.DB.prepare(
      `SELECT lead_id, actor, text, created_at FROM lead_notes WHERE lead_id LIKE 'old-%' ORDER BY lead_id`,
    ).all();
    expect(rows.results).toEqual([
      { lead_id: 'old-1', actor: 'before history', text: 'Wants shutters', created_at: '2025-02-01T09:00:00.000Z' },
      { lead_id: 'old-2', actor: 'before history', text: 'Call after 5', created_at: '2025-03-01T08:00:00.000Z' },
    ]);
    const { notes } = await (await asStaff('/api/leads/old-1')).json<any>();
    expect(notes).toMatchObject([{ actor: 'before history', text: 'Wants shutters' }]);
  });

  it('a note for an unknown lead is a 404', async () => {
    expect((await staffPost('/api/leads/no-such-lead/notes', { text: 'hello' }, cookie)).status).toBe(404);
    expect((await asStaff('/api/leads/no-such-lead/notes')).status).toBe(404);
  });

  it('the notes go with the lead when the retention schedule deletes it', async () => {
    const id = await capture({ name: 'Old Lead', email: 'old.lead@example.co.za', notes: 'old words' }, ip());
    await env.DB.prepare(`UPDATE leads SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?`).bind(id).run();
    const { purgeExpiredEnquiries } = await import('../../worker/services/staff/retention');
    await purgeExpiredEnquiries(env.DB, new Date());
    expect(await one(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?`, id)).toEqual({ n: 0 });
  });
});

describe('the lead CSV', () => {
  it('has the product, colour and sizes the customer chose', async () => {
    await capture(
      {
        name: 'Csv Chooser',
        email: 'csv.chooser@example.co.za',
        productInterest: 'Venetian Blind - 50mm Aluminium',
        sessionData: {
          blindType: 'venetian-aluminium-50mm',
          colour: 'Silver',
          dimensions: [
            { width_mm: 1200, drop_mm: 1500, sizeSource: 'measured' },
            { width_mm: 900, drop_mm: 1100, sizeSource: 'typical' },
          ],
        },
      },
      ip(),
    );
    const csv = await (await asStaff('/api/leads/export')).text();
    const [header, ...rows] = csv.split('\r\n');
    const cols = header!.split(',');
    expect(cols.slice(-3)).toEqual(['product', 'colour', 'sizes']);
    const row = rows.find((r) => r.includes('Csv Chooser'))!;
    expect(row).toContain(
      ',Venetian Blind - 50mm Aluminium,Silver,"1200 x 1500 mm (measured with our tool), 900 x 1100 mm (typical size, not measured)"',
    );
  });
});
