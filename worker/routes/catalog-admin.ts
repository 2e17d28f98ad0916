// Staff catalogue editor API (staff spec 2.3, 5, 9; '/admin/catalog'). Every route is staff-only.
import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { addColour, createProduct, listCatalog, removeColour, updateProduct } from '../services/staff/catalog';
import { exportCatalog, importCatalog } from '../services/staff/catalog-file';
import { deleteProduct, setProductHidden } from '../services/staff/catalog-visibility';
import {
  MAX_IMPORT_BYTES,
  catalogColourSchema,
  catalogExportFileName,
  catalogImportSchema,
  createProductSchema,
  productVisibilitySchema,
  updateProductSchema,
  type CatalogDeleteResponse,
  type CatalogProductResponse,
  type CatalogResponse,
} from '../shared/catalog-admin-api';

export const catalogAdminRoutes = new Hono<AppBindings>()
  .use('*', requireStaff)
  .get('/', async (c) => {
    const body: CatalogResponse = { success: true, products: await listCatalog(c.env.DB) };
    return c.json(body);
  })
  .get('/export', async (c) => {
    const now = new Date();
    return c.json(await exportCatalog(c.env.DB, now), 200, {
      'Content-Disposition': `attachment; filename="${catalogExportFileName(now)}"`,
    });
  })
  .post('/import', jsonBody(MAX_IMPORT_BYTES), validate('json', catalogImportSchema), async (c) =>
    c.json(await importCatalog(c.env.DB, c.env.MEDIA, c.req.valid('json'), staffActor(c))),
  )
  .post('/products', jsonBody(16 * 1024), validate('json', createProductSchema), async (c) => {
    const body: CatalogProductResponse = { success: true, product: await createProduct(c.env.DB, c.req.valid('json'), staffActor(c)) };
    return c.json(body, 201);
  })
  .patch('/products/:id', jsonBody(16 * 1024), validate('json', updateProductSchema), async (c) => {
    const body: CatalogProductResponse = {
      success: true,
      product: await updateProduct(c.env.DB, c.req.param('id'), c.req.valid('json'), staffActor(c)),
    };
    return c.json(body);
  })
  .put('/products/:id/visibility', jsonBody(1024), validate('json', productVisibilitySchema), async (c) => {
    const { hidden } = c.req.valid('json');
    const body: CatalogProductResponse = {
      success: true,
      product: await setProductHidden(c.env.DB, c.req.param('id'), hidden, staffActor(c)),
    };
    return c.json(body);
  })
  .delete('/products/:id', async (c) => {
    const body: CatalogDeleteResponse = {
      success: true,
      deleted: await deleteProduct(c.env.DB, c.env.MEDIA, c.req.param('id'), staffActor(c)),
    };
    return c.json(body);
  })
  .post('/products/:id/colours', jsonBody(8 * 1024), validate('json', catalogColourSchema), async (c) => {
    const product = await addColour(c.env.DB, c.env.MEDIA, c.req.param('id'), c.req.valid('json'), staffActor(c));
    const body: CatalogProductResponse = { success: true, product };
    return c.json(body, 201);
  })
  .delete('/products/:id/colours/:slug', async (c) => {
    const product = await removeColour(c.env.DB, c.env.MEDIA, c.req.param('id'), c.req.param('slug'), staffActor(c));
    const body: CatalogProductResponse = { success: true, product };
    return c.json(body);
  });
