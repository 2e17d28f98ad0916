// Site visits kept at the office (staff spec 2.11): open to the site-visit unlock or a staff session
// and to nobody else, validated, merged per field (the later change of a field wins, nothing else
// is lost, a device clock from the future cannot win), deletes kept as tombstones, every write audited.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { officeTime, purgeSiteVisitRecords } from '../../worker/services/staff/site-visit-records';
import { SITE_VISIT_ACCESS_REQUIRED, type SiteVisitState } from '../../worker/shared/site-visit-records';
import { BASE } from './helpers';

const CONFIGURED: Env = { ...env, SITE_VISIT_PHRASE: 'garden route', SITE_VISIT_CODE: '2468' };

let visitCookie = '';
let staffCookie = '';

function cookieOf(res: Response, name: string): string {
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith(`${name}=`))!
    .split(';')[0]!;
}

/** The cookie a sign-in answer sets: the site-visit unlock or the staff PIN. */
async function signIn(path: string, body: unknown, ip: string, cookie: string): Promise<string> {
  const res = await app.request(
    `${BASE}${path}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) },
    CONFIGURED,
  );
  expect(res.status).toBe(200);
  return cookieOf(res, cookie);
}

beforeAll(async () => {
  visitCookie = await signIn('/api/site-visits/unlock', { phrase: 'garden route' }, '192.0.2.171', '__Host-cb_site_visit');
  staffCookie = await signIn('/api/admin/session', { pin: '4321' }, '192.0.2.172', '__Host-cb_staff');
});

function call(method: string, path: string, body?: unknown, cookie: string | null = visitCookie) {
  const headers: Record<string, string> = { Origin: BASE, 'CF-Connecting-IP': '192.0.2.173' };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return app.request(
    `${BASE}/api/site-visits${path}`,
    { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) },
    CONFIGURED,
  );
}

async function state(cookie: string = visitCookie): Promise<SiteVisitState> {
  const res = await call('GET', '/state', undefined, cookie);
  expect(res.status).toBe(200);
  return res.json();
}

const uid = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`;

const VISIT = {
  clientName: 'Thandi Mokoena',
  address: '12 Main Road, George',
  mobile: '082 555 0101',
  measurements: 'Lounge 1800 x 1500',
  blindTypes: ['Roller'],
  notes: 'Blockout for the bedroom',
  visitDate: '2026-11-26',
  status: 'pending',
};

/** Every field of VISIT as changes made at `at` by the device clock. */
function allFields(at: number, values: Record<string, unknown> = VISIT) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v, at }]));
}

/** An answer's body: a written record or an error message. */
const answer = (res: Response) => res.json() as Promise<{ record?: Record<string, unknown>; message?: string }>;

async function auditOf(target: string) {
  const { results } = await env.DB.prepare('SELECT actor, action, details FROM audit_log WHERE target = ? ORDER BY id').bind(target).all<{
    actor: string;
    action: string;
    details: string | null;
  }>();
  return results.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null }));
}

describe('who may reach the site visits', () => {
  it.each([
    ['GET', '/state'],
    ['POST', '/sync'],
    ['POST', '/visits'],
    ['PATCH', '/visits/visit_1'],
    ['DELETE', '/visits/visit_1'],
    ['POST', '/notes'],
    ['PATCH', '/notes/note_1'],
    ['DELETE', '/notes/note_1'],
  ])('%s %s answers 401 anonymously', async (method, path) => {
    const res = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, null);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized', message: SITE_VISIT_ACCESS_REQUIRED });
  });

  it('opens to the site-visit unlock and to a staff session, and refuses writes from another site', async () => {
    expect((await call('GET', '/state', undefined, visitCookie)).status).toBe(200);
    expect((await call('GET', '/state', undefined, staffCookie)).status).toBe(200);
    const crossSite = await app.request(
      `${BASE}/api/site-visits/notes`,
      {
        method: 'POST',
        headers: { Cookie: visitCookie, Origin: 'https://evil.test', 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'x' }),
      },
      CONFIGURED,
    );
    expect(crossSite.status).toBe(403);
    // The gate's own check says a staff session opens the workspace too.
    const session = await app.request(`${BASE}/api/site-visits/session`, { headers: { Cookie: staffCookie } }, CONFIGURED);
    expect(await session.json()).toMatchObject({ unlocked: true });
  });
});

describe('the plain API: list, create, update, delete', () => {
  it('creates, edits one field, deletes, and audits each write with who and which fields (never the values)', async () => {
    const id = uid('visit');
    const created = await call('POST', '/visits', { id, ...VISIT });
    expect(created.status).toBe(201);
    expect((await answer(created)).record).toMatchObject({ id, ...VISIT });
    expect((await call('POST', '/visits', { id, ...VISIT })).status).toBe(409);

    const edited = await call('PATCH', `/visits/${id}`, { status: 'quoted' }, staffCookie);
    expect(edited.status).toBe(200);
    expect((await answer(edited)).record).toMatchObject({ status: 'quoted', clientName: 'Thandi Mokoena' });
    expect((await state()).visits.find((v) => v.id === id)).toMatchObject({ status: 'quoted', notes: VISIT.notes });

    expect((await call('DELETE', `/visits/${id}`)).status).toBe(200);
    const after = await state();
    expect(after.visits.some((v) => v.id === id)).toBe(false);
    expect(after.deleted.visits).toContain(id);
    expect((await call('PATCH', `/visits/${id}`, { status: 'completed' })).status).toBe(404);
    // Kept as a tombstone: the row is still there.
    const row = await env.DB.prepare('SELECT deleted_at_ms, status FROM site_visits WHERE id = ?')
      .bind(id)
      .first<{ deleted_at_ms: number; status: string }>();
    expect(row?.deleted_at_ms).toBeGreaterThan(0);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['site_visit.create', 'site_visit.update', 'site_visit.delete']);
    expect(audit[0]!.actor).toMatch(/^V-[0-9a-f]+$/);
    expect(audit[1]!.actor).toMatch(/^S-/);
    expect(audit[1]!.details).toEqual({ fields: ['status'] });
    expect(JSON.stringify(audit)).not.toContain('Thandi');
  });

  it('keeps workspace notes: create, edit, delete', async () => {
    const created = await call('POST', '/notes', { text: 'Measure lounge' });
    expect(created.status).toBe(201);
    const { record } = (await created.json()) as { record: { id: string; text: string } };
    expect(record.text).toBe('Measure lounge');
    expect((await call('PATCH', `/notes/${record.id}`, { text: 'Measure lounge and kitchen' })).status).toBe(200);
    expect((await state()).notes.find((n) => n.id === record.id)?.text).toBe('Measure lounge and kitchen');
    expect((await call('DELETE', `/notes/${record.id}`)).status).toBe(200);
    expect((await state()).deleted.notes).toContain(record.id);
    expect((await auditOf(record.id)).map((a) => a.action)).toEqual([
      'workspace_note.create',
      'workspace_note.update',
      'workspace_note.delete',
    ]);
  });

  it('refuses bad input with a 400 that names the field, never a 500', async () => {
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/visits', { ...VISIT, clientName: '  ' }, /clientName: is required/],
      ['POST', '/visits', { ...VISIT, visitDate: 'tomorrow' }, /visitDate: must be a date/],
      ['POST', '/visits', { ...VISIT, status: 'archived' }, /status: must be pending, quoted or completed/],
      ['POST', '/visits', { ...VISIT, id: '../etc' }, /id: must be 1-80 letters/],
      ['POST', '/visits', { ...VISIT, notes: 'x'.repeat(4001) }, /notes: is longer than 4000 characters/],
      ['POST', '/notes', { text: '' }, /text: is required/],
      ['POST', '/sync', { visits: [] }, /sentAt/],
      ['POST', '/sync', { sentAt: 1, visits: [{ id: 'v', fields: { colour: { value: 'x', at: 1 } } }] }, /Unrecognized key|colour/],
      ['POST', '/sync', '{not json', /Malformed JSON|JSON/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await call(method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect((await answer(res)).message).toMatch(message);
    }
    const patchNothing = await call('PATCH', '/visits/visit_none', {});
    expect(patchNothing.status).toBe(400);
    // An edit of a visit the office does not have (purged while the phone was away) lands nowhere.
    const orphan = uid('visit');
    const partial = await call('POST', '/sync', {
      sentAt: Date.now(),
      visits: [{ id: orphan, fields: { notes: { value: 'x', at: Date.now() } } }],
    });
    expect(partial.status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM site_visits WHERE id = ?').bind(orphan).first('n')).toBe(0);
  });
});

describe('sync: per-field merge, the clock rule and tombstones', () => {
  it('moves device times onto the office clock and never past the receive time', () => {
    // A device 1 day fast that edited 2 hours before sending: its edit lands 2 hours before receipt.
    const day = 86_400_000;
    const received = 1_800_000_000_000;
    expect(officeTime(received + day - 7_200_000, received + day, received)).toBe(received - 7_200_000);
    // A change stamped after its own send time is clamped to the receive time.
    expect(officeTime(received + 5 * day, received, received)).toBe(received);
    expect(officeTime(5, 10, 3)).toBe(0);
  });

  it('keeps both devices’ edits of different fields, and the later of two edits of one field', async () => {
    const id = uid('visit');
    const t0 = Date.now() - 60_000;
    // Made a minute ago, sent now (device clocks right in this test).
    let res = await call('POST', '/sync', { sentAt: Date.now(), visits: [{ id, createdAt: t0, fields: allFields(t0) }] });
    expect(res.status).toBe(200);

    // Device A (offline) changed the status at t0+10 s and the notes at t0+30 s; device B changed
    // the measurements at t0+20 s and the notes at t0+20 s. B syncs first, then A.
    const b = {
      id,
      fields: { measurements: { value: 'Lounge 1810 x 1500', at: t0 + 20_000 }, notes: { value: 'B notes', at: t0 + 20_000 } },
    };
    const a = { id, fields: { status: { value: 'quoted', at: t0 + 10_000 }, notes: { value: 'A notes', at: t0 + 30_000 } } };
    res = await call('POST', '/sync', { sentAt: Date.now(), visits: [b] }, staffCookie);
    expect(res.status).toBe(200);
    res = await call('POST', '/sync', { sentAt: Date.now(), visits: [a] });
    const merged = ((await res.json()) as SiteVisitState).visits.find((v) => v.id === id)!;
    expect(merged).toMatchObject({ status: 'quoted', measurements: 'Lounge 1810 x 1500', notes: 'A notes', clientName: VISIT.clientName });

    // An older edit of the notes arriving late loses; the fields it did not touch stay.
    res = await call('POST', '/sync', { sentAt: Date.now(), visits: [{ id, fields: { notes: { value: 'stale', at: t0 + 25_000 } } }] });
    expect(((await res.json()) as SiteVisitState).visits.find((v) => v.id === id)!.notes).toBe('A notes');
  });

  it('does not let a device whose clock runs a year ahead win a field forever', async () => {
    const id = uid('visit');
    const now = Date.now();
    const year = 365 * 86_400_000;
    await call('POST', '/sync', { sentAt: now, visits: [{ id, createdAt: now, fields: allFields(now) }] });
    // The fast device's edit, sent at once by its own clock: lands at about now.
    await call('POST', '/sync', { sentAt: now + year, visits: [{ id, fields: { notes: { value: 'from the future', at: now + year } } }] });
    // A correct device edits a moment later: it wins.
    const later = Date.now() + 50;
    await new Promise((r) => setTimeout(r, 60));
    const res = await call('POST', '/sync', {
      sentAt: Date.now(),
      visits: [{ id, fields: { notes: { value: 'a real later edit', at: later } } }],
    });
    expect(((await res.json()) as SiteVisitState).visits.find((v) => v.id === id)!.notes).toBe('a real later edit');
  });

  it('syncs a delete as a tombstone that later edits do not undo, and ignores deleting what never arrived', async () => {
    const id = uid('visit');
    const note = uid('note');
    const now = Date.now();
    await call('POST', '/sync', {
      sentAt: now,
      visits: [{ id, createdAt: now, fields: allFields(now) }],
      notes: [{ id: note, createdAt: now, text: { value: 'Gate code 1234', at: now } }],
    });
    let res = await call('POST', '/sync', {
      sentAt: now + 1000,
      visits: [{ id, deletedAt: now + 1000 }],
      notes: [{ id: note, deletedAt: now + 1000 }],
    });
    let body = (await res.json()) as SiteVisitState;
    expect(body.deleted).toMatchObject({ visits: expect.arrayContaining([id]), notes: expect.arrayContaining([note]) });
    expect(body.visits.some((v) => v.id === id)).toBe(false);
    // Another device's offline edit of the deleted visit arrives later: it stays deleted.
    res = await call('POST', '/sync', { sentAt: now + 2000, visits: [{ id, fields: { status: { value: 'completed', at: now + 2000 } } }] });
    body = (await res.json()) as SiteVisitState;
    expect(body.visits.some((v) => v.id === id)).toBe(false);
    // Made and deleted on a phone before it ever synced: nothing to do, no error.
    const ghost = uid('visit');
    res = await call('POST', '/sync', { sentAt: now, visits: [{ id: ghost, deletedAt: now }] });
    expect(res.status).toBe(200);
    expect(await auditOf(ghost)).toEqual([]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['site_visit.create', 'site_visit.delete']);
  });

  it('refuses a batch that names a record twice or is over the batch size', async () => {
    const id = uid('visit');
    const now = Date.now();
    const twice = await call('POST', '/sync', {
      sentAt: now,
      visits: [
        { id, fields: allFields(now) },
        { id, fields: allFields(now) },
      ],
    });
    expect(twice.status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `${id}_${i}`, fields: allFields(now) }));
    const tooMany = await call('POST', '/sync', { sentAt: now, visits: many });
    expect(tooMany.status).toBe(400);
    expect((await answer(tooMany)).message).toMatch(/more than 50 visits/);
  });
});

describe('retention (docs/decisions/005-retention-schedule.md)', () => {
  it('deletes visits and notes two years after their last change, and tombstones 90 days after the delete', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const [fresh, stale, recentlyDeleted, longDeleted, oldNote] = ['fresh', 'stale', 'recent', 'gone', 'note'].map(uid);
    const row = (id: string, updated: number, deleted: number | null) =>
      env.DB.prepare(
        `INSERT INTO site_visits (id, client_name, client_name_at_ms, address, address_at_ms, mobile, mobile_at_ms, visit_date, visit_date_at_ms, created_at_ms, updated_at_ms, updated_by, deleted_at_ms)
         VALUES (?, 'Client', 1, 'Address', 1, '082', 1, '2024-01-01', 1, ?, ?, 'test', ?)`,
      ).bind(id, updated, updated, deleted);
    await env.DB.batch([
      row(fresh!, now - 700 * day, null),
      row(stale!, now - 731 * day, null),
      row(recentlyDeleted!, now - 10 * day, now - 10 * day),
      row(longDeleted!, now - 100 * day, now - 91 * day),
      env.DB.prepare(
        `INSERT INTO workspace_notes (id, text, text_at_ms, created_at_ms, updated_at_ms, updated_by) VALUES (?, 'old', 1, ?, ?, 'test')`,
      ).bind(oldNote, now - 800 * day, now - 800 * day),
    ]);
    const counts = await purgeSiteVisitRecords(env.DB, new Date(now));
    expect(counts.siteVisitsDeleted).toBeGreaterThanOrEqual(2);
    expect(counts.workspaceNotesDeleted).toBeGreaterThanOrEqual(1);
    const { results } = await env.DB.prepare('SELECT id FROM site_visits WHERE id IN (?, ?, ?, ?)')
      .bind(fresh, stale, recentlyDeleted, longDeleted)
      .all<{ id: string }>();
    expect(results.map((r) => r.id).sort()).toEqual([fresh, recentlyDeleted].sort());
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM workspace_notes WHERE id = ?').bind(oldNote).first('n')).toBe(0);
  });
});
