import { Hono, type ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppBindings } from './env';
import { AppError, errorBody } from './lib/errors';
import { securityHeaders } from './middleware/security-headers';
import { defaultDeny } from './middleware/default-deny';
import { requireStaff, staffActor } from './middleware/require-staff';
import { adminAuditRoutes } from './routes/admin-audit';
import { adminSessionRoutes } from './routes/admin-session';
import { adminSessionPasskeyRoutes } from './routes/admin-session-passkey';
import { adminPasskeyRoutes } from './routes/admin-passkeys';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminOrderWriteRoutes } from './routes/admin-order-writes';
import { analyticsRoutes } from './routes/analytics';
import { arRoutes } from './routes/ar';
import { colourRoutes, productRoutes } from './routes/catalog';
import { colourExtractionRoutes } from './routes/colour-extraction';
import { chatSessionRoutes, enhancedChatRoutes } from './routes/chat';
import { configRoutes } from './routes/config';
import { customerDetailsRoutes, leadRoutes } from './routes/leads';
import { leadAdminRoutes, personalDataRoutes } from './routes/leads-admin';
import { emailRoutes } from './routes/email';
import { insightsRoutes } from './routes/insights';
import { orderRoutes } from './routes/orders';
import { outdoorColourRoutes } from './routes/outdoor-colours';
import { catalogAdminRoutes } from './routes/catalog-admin';
import { outboxRoutes } from './routes/outbox';
import { paymentRoutes } from './routes/payment';
import { quoteRoutes } from './routes/quotes';
import { receiptRoutes } from './routes/receipts';
import { invoiceRoutes } from './routes/invoices';
import { sandboxCheckoutRoutes } from './routes/sandbox-checkout';
import { deliveryEstimateRoutes } from './routes/delivery-estimate';
import { pricingRoutes } from './routes/pricing';
import { priceListRoutes } from './routes/price-lists';
import { priceListAnalysisRoutes } from './routes/price-list-analysis';
import { serveApp, swatchRoutes } from './routes/static';
import { crawlerRoutes } from './routes/crawlers';
import { mcpRoutes } from './routes/mcp';
import { siteVisitRoutes } from './routes/site-visits';
import { siteVisitRecordRoutes } from './routes/site-visits-records';
import { trackingRoutes } from './routes/tracking';
import { visitBookingRoutes } from './routes/visit-bookings';
import { sampleRoutes } from './routes/samples';
import { bookedVisitRoutes, visitScheduleRoutes } from './routes/visit-schedule-admin';
import { ttsRoutes } from './routes/tts';
import { websiteScrapingRoutes } from './routes/website-scraping';
import { competitorIntelligenceRoutes } from './routes/competitor-intelligence';
import { isSandboxGateway } from './services/payments/gateway';
import { seedCatalogueIfEmpty } from './services/seed';
import { recordAudit } from './services/staff/audit';

/** The composition root: middleware, then one sub-app per resource, then the static app. */
export const app = new Hono<AppBindings>();

app.use('*', async (c, next) => {
  const requestId = crypto.randomUUID();
  c.set('requestId', requestId);
  await next();
  c.res.headers.set('X-Request-Id', requestId);
});
app.use('*', securityHeaders);
app.use('/api/*', async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
});
// Every API route is staff-only unless worker/public-routes.ts lists it (tests/worker/default-deny.test.ts).
app.use('/api/*', defaultDeny);

app.get('/api/health', (c) => c.json({ ok: true }));
app.route('/api/config', configRoutes);
app.route('/api/admin/session', adminSessionRoutes);
app.route('/api/admin/session', adminSessionPasskeyRoutes);
app.route('/api/admin/passkeys', adminPasskeyRoutes);
app.route('/api/site-visits', siteVisitRoutes);
app.route('/api/site-visits', siteVisitRecordRoutes);
app.route('/api/site-visits', bookedVisitRoutes);
app.route('/api/visit-bookings', visitBookingRoutes);
app.route('/api/admin/visit-schedule', visitScheduleRoutes);
app.route('/api/admin/audit', adminAuditRoutes);
app.route('/api/pricing', pricingRoutes);
app.route('/api/pricing', priceListRoutes);
app.route('/api', priceListAnalysisRoutes);
// Staff colour extraction first: its '/all' must not be taken for the public ':product_type'.
app.route('/api/colours', colourExtractionRoutes);
app.route('/api/colours', colourRoutes);
app.route('/api/products', productRoutes);
app.route('/api/delivery-estimate', deliveryEstimateRoutes);
app.route('/api/leads', leadRoutes);
app.route('/api/leads', leadAdminRoutes);
app.route('/api/admin/personal-data', personalDataRoutes);
app.route('/api/customer-details', customerDetailsRoutes);
app.route('/api/chat', chatSessionRoutes);
app.route('/api/ar', arRoutes);
app.route('/api/elevenlabs-tts', ttsRoutes);
app.route('/api/orders', orderRoutes);
app.route('/api/samples', sampleRoutes);
app.route('/api/quotes', quoteRoutes);
app.route('/api/email', emailRoutes);
app.route('/api/payment', paymentRoutes);
app.route('/api/receipts', receiptRoutes);
app.route('/api/invoices', invoiceRoutes);
app.route('/api/admin/outbox', outboxRoutes);
app.route('/api/admin/insights', insightsRoutes);
app.route('/api/admin/dashboard', adminDashboardRoutes);
app.route('/api/admin/orders', adminOrderRoutes);
app.route('/api/admin/orders', adminOrderWriteRoutes);
app.route('/api/admin', websiteScrapingRoutes);
app.route('/api/competitor-intelligence', competitorIntelligenceRoutes);
app.route('/api/analytics', analyticsRoutes);
app.route('/api/tracking', trackingRoutes);
app.route('/api/outdoor-blinds', outdoorColourRoutes);
app.route('/api/admin/catalog', catalogAdminRoutes);
app.route('/api', enhancedChatRoutes);
// The sandbox gateway's hosted checkout (PAYMENT_PROVIDER=sandbox): server-rendered like a real gateway's.
// With another provider configured it does not exist: the path is answered like any unknown page.
app.use('/pay/sandbox/*', async (c, next) => (isSandboxGateway(c.env) ? next() : serveApp(c.req.raw, c.env.ASSETS)));
app.route('/pay/sandbox', sandboxCheckoutRoutes);

// Staff: fill an empty deployed catalogue with the sample data (locally `npm start` does this).
app.post('/api/admin/catalogue/seed', requireStaff, async (c) => {
  const result = await seedCatalogueIfEmpty(c.env.DB, c.env.MEDIA);
  await recordAudit(c.env.DB, { actor: staffActor(c), action: 'catalogue.seed', details: { ...result } });
  return c.json({ success: true, ...result });
});

// Ozow sends the customer back to the result page with a form post ('Step 2: Process Ozow Response',
// the redirect response): answered with the page itself by GET, the posted fields unread, since only
// the verified notification or Ozow's status API may say a payment went through.
app.on('POST', ['/payment-success', '/payment-cancelled', '/payment-failed'], (c) => {
  const url = new URL(c.req.url);
  return c.redirect(url.pathname + url.search, 303);
});

app.route('/swatches', swatchRoutes);
// The MCP endpoint for AI shopping agents (public, outside /api; worker/routes/mcp.ts).
app.route('/mcp', mcpRoutes);
app.route('/', crawlerRoutes);
app.all('/api/*', (c) => {
  throw new AppError('not_found', `There is no API endpoint ${c.req.method} ${c.req.path}.`);
});
app.all('*', (c) => serveApp(c.req.raw, c.env.ASSETS, c.env));

/** Every error, thrown anywhere, answers in the one error shape. */
export const handleError: ErrorHandler<AppBindings> = (err, c) => {
  const requestId = c.get('requestId') ?? crypto.randomUUID();
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof HTTPException && err.status < 500) {
    // Hono's own 4xx (e.g. 'Malformed JSON in request body' from the validator).
    const code = err.message.startsWith('Malformed JSON') ? 'malformed_json' : 'validation_error';
    appError = new AppError(code, err.message || 'The request is not valid.');
  } else {
    console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(err), stack: (err as Error).stack }));
    appError = new AppError(
      'internal_error',
      `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${requestId}.`,
    );
  }
  const response = c.json(errorBody(appError, requestId), appError.status);
  if (appError.details?.retryAfterSeconds) response.headers.set('Retry-After', String(appError.details.retryAfterSeconds));
  return response;
};
app.onError(handleError);

export type AppType = typeof app;
