// Staff leads API (staff spec 2.10, 7): list, follow-up, CSV export and the POPIA tools.
// Every route carries requireStaff itself: this sub-app shares /api/leads with the public capture.
import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import {
  leadListQuerySchema,
  leadUpdateSchema,
  type LeadListResponse,
  type LeadUpdateResponse,
  type PersonalDataDeleteResponse,
} from '../shared/leads-api';
import { personalDataApprovalSchema, personalDataPreviewSchema, type PersonalDataPreview } from '../shared/popia-api';
import { leadsCsv, leadsCsvFileName, listLeads, updateLead } from '../services/staff/leads';
import { deletePersonalData, exportPersonalData, previewPersonalData } from '../services/staff/popia';

export const leadAdminRoutes = new Hono<AppBindings>()
  .get('/', requireStaff, validate('query', leadListQuerySchema), async (c) => {
    const body: LeadListResponse = await listLeads(c.env.DB, c.req.valid('query').status);
    return c.json(body);
  })
  .get('/export', requireStaff, async (c) => {
    const csv = await leadsCsv(c.env.DB);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${leadsCsvFileName()}"`,
    });
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
