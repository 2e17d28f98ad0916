import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { requireStaff } from '../middleware/require-staff';
import { dashboardFigures } from '../services/staff/dashboard';

/** GET /api/admin/dashboard (staff spec 2.12): the five figures, computed now, each with its basis. */
export const adminDashboardRoutes = new Hono<AppBindings>()
  .use('*', requireStaff)
  .get('/', async (c) => c.json(await dashboardFigures(c.env.DB)));
