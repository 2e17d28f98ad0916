import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { requireStaff } from '../middleware/require-staff';
import { latestAudit } from '../services/staff/audit';

const auditQuerySchema = z.object({
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});

/** GET /api/admin/audit?limit= : the latest audit entries, newest first (shown on the dashboard). */
export const adminAuditRoutes = new Hono<AppBindings>().get('/', requireStaff, validate('query', auditQuerySchema), async (c) => {
  const entries = await latestAudit(c.env.DB, c.req.valid('query').limit);
  return c.json({ success: true, entries });
});
