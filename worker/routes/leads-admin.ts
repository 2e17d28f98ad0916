// Staff leads API (staff spec 2.10, 7): list and search, a lead's detail (notes history, chat
// transcript and photos), follow-up, notes, CSV export and the POPIA tools; and the POPIA tools for any
// customer found by e-mail or phone (personalDataRoutes, /api/admin/personal-data).
// Every route carries requireStaff itself: this sub-app shares /api/leads with the public capture.
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { southAfricanDay } from '../shared/sa-time';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import {
  leadListQuerySchema,
  leadNoteSchema,
  leadUpdateSchema,
  type LeadDetailResponse,
  type LeadNotesResponse,
  type LeadListResponse,
  type LeadUpdateResponse,
  type PersonalDataDeleteResponse,
} from '../shared/leads-api';
import { personalDataApprovalSchema, personalDataPreviewSchema, type PersonalDataPreview } from '../shared/popia-api';
import { leadDetail, leadNoteHistory, leadPhoto } from '../services/staff/lead-detail';
import { leadsCsv, leadsCsvFileName, listLeads, updateLead } from '../services/staff/leads';
import { deletePersonalData, exportPersonalData, previewPersonalData } from '../services/staff/popia';

const photoQuerySchema = z.object({
  key: z.string({ error: 'is required' }).min(1, 'is required').max(300, 'is not a photo of this lead'),
});

export const leadAdminRoutes = new Hono<AppBindings>()
  .get('/', requireStaff, validate('query', leadListQuerySchema), async (c) => {
    const body: LeadListResponse = await listLeads(c.env.DB, c.req.valid('query'));
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/export', requireStaff, async (c) => {
    const csv = await leadsCsv(c.env.DB);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${leadsCsvFileName()}"`,
    });
  })
  .get('/:id', requireStaff, async (c) => {
    const body: LeadDetailResponse = await leadDetail(c.env, c.req.param('id'), staffActor(c));
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  })
  // A photo the customer sent in the lead's own chat, with the type it was stored with; staff only,
  // never cached, never sniffed into anything else.
  .get('/:id/photos', requireStaff, validate('query', photoQuerySchema), async (c) => {
    const photo = await leadPhoto(c.env, c.req.param('id'), c.req.valid('query').key);
    if (!photo) throw new AppError('not_found', 'This lead has no such photo (photos are deleted 90 days after they were sent).');
    return new Response(photo.body, {
      headers: {
        'Content-Type': photo.httpMetadata?.contentType ?? 'application/octet-stream',
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  })
  .get('/:id/notes', requireStaff, async (c) => {
    const body: LeadNotesResponse = { success: true, notes: await leadNoteHistory(c.env.DB, c.req.param('id'), { mustExist: true }) };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/:id/notes', requireStaff, jsonBody(8 * 1024), validate('json', leadNoteSchema), async (c) => {
    const id = c.req.param('id');
    await updateLead(c.env.DB, id, { notes: c.req.valid('json').text }, staffActor(c));
    const body: LeadNotesResponse = { success: true, notes: await leadNoteHistory(c.env.DB, id) };
    return c.json(body, 201);
  })
  .patch('/:id', requireStaff, jsonBody(8 * 1024), validate('json', leadUpdateSchema), async (c) => {
    const lead = await updateLead(c.env.DB, c.req.param('id'), c.req.valid('json'), staffActor(c));
    const body: LeadUpdateResponse = { success: true, lead };
    return c.json(body);
  })
  // Data requests (DESIGN.md section 7): preview what the verified identifier matches, then act on
  // exactly that list with the preview's token.
  .post('/:id/personal-data/preview', requireStaff, jsonBody(4 * 1024), validate('json', personalDataPreviewSchema), async (c) => {
    const body: PersonalDataPreview = await previewPersonalData(c.env, c.req.param('id'), c.req.valid('json'), staffActor(c));
    return c.json(body);
  })
  .post('/:id/personal-data/export', requireStaff, jsonBody(1024), validate('json', personalDataApprovalSchema), async (c) => {
    const data = await exportPersonalData(c.env, c.req.param('id'), c.req.valid('json').token, staffActor(c));
    return c.json(data, 200, { 'Content-Disposition': `attachment; filename="personal-data-${c.req.param('id')}.json"` });
  })
  .post('/:id/personal-data/delete', requireStaff, jsonBody(1024), validate('json', personalDataApprovalSchema), async (c) => {
    const body: PersonalDataDeleteResponse = {
      success: true,
      deleted: await deletePersonalData(c.env, c.req.param('id'), c.req.valid('json').token, staffActor(c)),
    };
    return c.json(body);
  });

/**
 * POPIA for every customer (DESIGN.md section 7): staff find a customer by the e-mail address or phone
 * number they verified with the person, not only from a lead row; the same preview, approval, export
 * and deletion as a lead's data request.
 */
export const personalDataRoutes = new Hono<AppBindings>()
  .post('/preview', requireStaff, jsonBody(4 * 1024), validate('json', personalDataPreviewSchema), async (c) => {
    const body: PersonalDataPreview = await previewPersonalData(c.env, null, c.req.valid('json'), staffActor(c));
    return c.json(body);
  })
  .post('/export', requireStaff, jsonBody(1024), validate('json', personalDataApprovalSchema), async (c) => {
    const data = await exportPersonalData(c.env, null, c.req.valid('json').token, staffActor(c));
    return c.json(data, 200, { 'Content-Disposition': `attachment; filename="personal-data-${southAfricanDay(new Date())}.json"` });
  })
  .post('/delete', requireStaff, jsonBody(1024), validate('json', personalDataApprovalSchema), async (c) => {
    const body: PersonalDataDeleteResponse = {
      success: true,
      deleted: await deletePersonalData(c.env, null, c.req.valid('json').token, staffActor(c)),
    };
    return c.json(body);
  });
