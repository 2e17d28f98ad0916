import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireStaff, staffActor } from '../middleware/require-staff';
import {
  addExtractedColourToProduct,
  extractFromScreenshot,
  listExtractions,
  MAX_SCREENSHOT_BYTES,
} from '../services/staff/colour-extraction';
import {
  addExtractedColourRequest,
  EXTRACTION_CATEGORIES,
  EXTRACTION_FIELDS,
  MISSING_INFORMATION,
  type ExtractFromScreenshotResponse,
  type ExtractionCategory,
} from '../shared/colour-extraction-api';

/** Room for the text fields and multipart framing next to the largest screenshot. */
const MAX_FORM_BYTES = MAX_SCREENSHOT_BYTES + 64 * 1024;

const field = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Staff: the screenshot colour extractor (staff spec 2.4, 7). Mounted before the public
 * GET /api/colours/:product_type so '/all' is answered here; requireStaff on each route, because the
 * public allowlist's ':product_type' pattern also matches '/api/colours/all'.
 */
export const colourExtractionRoutes = new Hono<AppBindings>()
  .get('/all', requireStaff, async (c) => c.json(await listExtractions(c.env.DB)))
  .post(
    '/extract-from-screenshot',
    requireStaff,
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
        throw new AppError('validation_error', MISSING_INFORMATION);
      await next();
    },
    bodyLimit({
      maxSize: MAX_FORM_BYTES,
      onError: () => {
        throw new AppError(
          'payload_too_large',
          `The screenshot is larger than ${MAX_SCREENSHOT_BYTES / 1024 / 1024} MB. Please send a smaller image.`,
        );
      },
    }),
    async (c) => {
      let form: Record<string, string | File>;
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>;
      } catch {
        throw new AppError('validation_error', MISSING_INFORMATION);
      }
      const screenshot = form[EXTRACTION_FIELDS.screenshot];
      const productName = field(form[EXTRACTION_FIELDS.productName]);
      const category = field(form[EXTRACTION_FIELDS.category]);
      if (!(screenshot instanceof File) || screenshot.size === 0 || !productName || !category)
        throw new AppError('validation_error', MISSING_INFORMATION);
      if (!(EXTRACTION_CATEGORIES as readonly string[]).includes(category)) {
        throw new AppError('validation_error', `category must be one of ${EXTRACTION_CATEGORIES.join(', ')}.`);
      }
      if (productName.length > 120) throw new AppError('validation_error', 'productName: at most 120 characters.');
      // The spec's client sends 'description'; 'details' is accepted as the same thing.
      const details = field(form[EXTRACTION_FIELDS.description] ?? form.details).slice(0, 2000) || null;
      const extraction = await extractFromScreenshot(
        c.env.DB,
        c.env.MEDIA,
        { bytes: new Uint8Array(await screenshot.arrayBuffer()), productName, category: category as ExtractionCategory, details },
        staffActor(c),
      );
      const body: ExtractFromScreenshotResponse = { success: true, colorsExtracted: extraction.colours.length, ...extraction };
      return c.json(body, 201);
    },
  )
  .post('/extractions/:id{[0-9]+}/add-to-product', requireStaff, validate('json', addExtractedColourRequest), async (c) => {
    const { productId, colourIndex, name } = c.req.valid('json');
    const result = await addExtractedColourToProduct(
      c.env.DB,
      c.env.MEDIA,
      { extractionId: Number(c.req.param('id')), productId, colourIndex, name },
      staffActor(c),
    );
    return c.json(result, 201);
  });
