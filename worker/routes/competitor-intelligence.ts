// Staff competitor prices (staff spec 2.12, 7): POST /api/competitor-intelligence/analyze
// crawls COMPETITOR_URLS, compares their prices with ours and stores a snapshot per competitor.
import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { analyseCompetitors } from '../services/staff/competitor-prices';

export const competitorIntelligenceRoutes = new Hono<AppBindings>()
  // Spec 7: no body; any body is ignored.
  .post('/analyze', requireStaff, async (c) => c.json(await analyseCompetitors(c.env, staffActor(c))));
