// The site visits and workspace notes kept at the office (staff spec 2.11): open to the site-visit
// unlock or a staff session (middleware/site-visit-access.ts, applied by default-deny for exactly
// these paths and again here). Every write is one D1 batch with its audit entries.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { randomId } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { staffActor } from '../middleware/require-staff';
import { requireSiteVisitAccess } from '../middleware/site-visit-access';
import { applySiteVisitChanges, findNote, findVisit, readSiteVisitState, type SyncInput } from '../services/staff/site-visit-records';
import {
  VISIT_FIELDS,
  noteCreateSchema,
  noteUpdateSchema,
  recordIdSchema,
  siteVisitSyncSchema,
  visitCreateSchema,
  visitUpdateSchema,
  type SiteVisitRecord,
  type SiteVisitState,
  type SiteVisitWriteResponse,
  type VisitChange,
  type VisitValues,
  type WorkspaceNoteRecord,
} from '../shared/site-visit-records';

const idParam = z.object({ id: recordIdSchema });

/** A change made through the plain API: each field sent, stamped with the office's receive time. */
function directVisitChange(id: string, values: Partial<VisitValues>, now: number, created = false): SyncInput {
  const fields: VisitChange['fields'] = {};
  for (const field of VISIT_FIELDS) {
    const value = values[field];
    if (value !== undefined) (fields as Record<string, { value: unknown; at: number }>)[field] = { value, at: now };
  }
  return { sentAt: now, visits: [{ id, fields, ...(created ? { createdAt: now } : {}) }], notes: [] };
}

async function assertNew(exists: () => Promise<unknown>, what: string): Promise<void> {
  const found = await exists().then(
    () => true,
    (err: unknown) => (err instanceof AppError && err.code === 'not_found' ? false : Promise.reject(err)),
  );
  if (found) throw new AppError('conflict', `A ${what} with this id is already at the office.`);
}

export const siteVisitRecordRoutes = new Hono<AppBindings>()
  .get('/state', requireSiteVisitAccess, async (c) => {
    const body: SiteVisitState = await readSiteVisitState(c.env.DB);
    return c.json(body);
  })
  // The phone's unsent changes (its queue); answers the merged state so it can show the office copy.
  .post('/sync', requireSiteVisitAccess, jsonBody(512 * 1024), validate('json', siteVisitSyncSchema), async (c) => {
    const receivedAt = Date.now();
    await applySiteVisitChanges(c.env.DB, c.req.valid('json'), staffActor(c), receivedAt);
    const body: SiteVisitState = await readSiteVisitState(c.env.DB, receivedAt);
    return c.json(body);
  })
  .post('/visits', requireSiteVisitAccess, jsonBody(32 * 1024), validate('json', visitCreateSchema), async (c) => {
    const { id: givenId, ...values } = c.req.valid('json');
    const id = givenId ?? randomId('visit_');
    if (givenId) await assertNew(() => findVisit(c.env.DB, id), 'visit');
    await applySiteVisitChanges(c.env.DB, directVisitChange(id, values, Date.now(), true), staffActor(c));
    const body: SiteVisitWriteResponse<SiteVisitRecord> = { success: true, record: await findVisit(c.env.DB, id) };
    return c.json(body, 201);
  })
  .patch(
    '/visits/:id',
    requireSiteVisitAccess,
    validate('param', idParam),
    jsonBody(32 * 1024),
    validate('json', visitUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await findVisit(c.env.DB, id);
      await applySiteVisitChanges(c.env.DB, directVisitChange(id, c.req.valid('json'), Date.now()), staffActor(c));
      const body: SiteVisitWriteResponse<SiteVisitRecord> = { success: true, record: await findVisit(c.env.DB, id) };
      return c.json(body);
    },
  )
  .delete('/visits/:id', requireSiteVisitAccess, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await findVisit(c.env.DB, id);
    const now = Date.now();
    await applySiteVisitChanges(c.env.DB, { sentAt: now, visits: [{ id, fields: {}, deletedAt: now }], notes: [] }, staffActor(c));
    return c.json({ success: true as const, id });
  })
  .post('/notes', requireSiteVisitAccess, jsonBody(16 * 1024), validate('json', noteCreateSchema), async (c) => {
    const { id: givenId, text } = c.req.valid('json');
    const id = givenId ?? randomId('note_');
    if (givenId) await assertNew(() => findNote(c.env.DB, id), 'note');
    const now = Date.now();
    await applySiteVisitChanges(
      c.env.DB,
      { sentAt: now, visits: [], notes: [{ id, createdAt: now, text: { value: text, at: now } }] },
      staffActor(c),
    );
    const body: SiteVisitWriteResponse<WorkspaceNoteRecord> = { success: true, record: await findNote(c.env.DB, id) };
    return c.json(body, 201);
  })
  .patch(
    '/notes/:id',
    requireSiteVisitAccess,
    validate('param', idParam),
    jsonBody(16 * 1024),
    validate('json', noteUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await findNote(c.env.DB, id);
      const now = Date.now();
      await applySiteVisitChanges(
        c.env.DB,
        { sentAt: now, visits: [], notes: [{ id, text: { value: c.req.valid('json').text, at: now } }] },
        staffActor(c),
      );
      const body: SiteVisitWriteResponse<WorkspaceNoteRecord> = { success: true, record: await findNote(c.env.DB, id) };
      return c.json(body);
    },
  )
  .delete('/notes/:id', requireSiteVisitAccess, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await findNote(c.env.DB, id);
    const now = Date.now();
    await applySiteVisitChanges(c.env.DB, { sentAt: now, visits: [], notes: [{ id, deletedAt: now }] }, staffActor(c));
    return c.json({ success: true as const, id });
  });
