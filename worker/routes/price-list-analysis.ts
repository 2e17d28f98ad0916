// Staff: the price-list analyser (staff spec 2.5, 3, 7, 8; '/admin/pricing'). POST /api/analyze-price-list
// takes the image (multipart field priceList) and the text the browser read from it (recognisedText).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { acceptedImageType } from '../lib/image/sniff';
import { requireStaff } from '../middleware/require-staff';
import { analysePriceList } from '../services/staff/price-list-analysis';
import {
  ANALYSIS_FIELDS,
  MAX_PRICE_LIST_IMAGE_BYTES,
  MAX_RECOGNISED_TEXT_CHARS,
  type AnalyzePriceListResponse,
} from '../shared/price-list-analysis-api';

/** The image, the recognised text (up to 4 bytes a character) and the multipart framing. */
const MAX_FORM_BYTES = MAX_PRICE_LIST_IMAGE_BYTES + MAX_RECOGNISED_TEXT_CHARS * 4 + 64 * 1024;
const SEND_AS = `Send the price list as multipart/form-data: the image in the field ${ANALYSIS_FIELDS.image} and the recognised text in ${ANALYSIS_FIELDS.text}.`;

export const priceListAnalysisRoutes = new Hono<AppBindings>().post(
  '/analyze-price-list',
  requireStaff,
  async (c, next) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
      throw new AppError('unsupported_media_type', SEND_AS);
    await next();
  },
  bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The image is larger than ${MAX_PRICE_LIST_IMAGE_BYTES / 1024 / 1024} MB. Please send a smaller photo or scan.`,
      );
    },
  }),
  async (c) => {
    let form: Record<string, string | File>;
    try {
      form = (await c.req.parseBody()) as Record<string, string | File>;
    } catch {
      throw new AppError('validation_error', SEND_AS);
    }
    const image = form[ANALYSIS_FIELDS.image];
    if (!(image instanceof File) || image.size === 0)
      throw new AppError('validation_error', `Choose a photo or scan of the price list (field ${ANALYSIS_FIELDS.image}).`);
    if (image.size > MAX_PRICE_LIST_IMAGE_BYTES) {
      throw new AppError(
        'payload_too_large',
        `The image is larger than ${MAX_PRICE_LIST_IMAGE_BYTES / 1024 / 1024} MB. Please send a smaller photo or scan.`,
      );
    }
    const bytes = new Uint8Array(await image.arrayBuffer());
    const type = acceptedImageType(bytes);
    if (!type)
      throw new AppError('validation_error', 'The file is not a JPEG, PNG or WebP image. Please upload a photo or scan of the price list.');
    const rawText = form[ANALYSIS_FIELDS.text];
    const recognisedText = typeof rawText === 'string' ? rawText : '';
    if (recognisedText.length > MAX_RECOGNISED_TEXT_CHARS) {
      throw new AppError('validation_error', `${ANALYSIS_FIELDS.text}: at most ${MAX_RECOGNISED_TEXT_CHARS} characters.`);
    }
    const claude = c.env.ANTHROPIC_API_KEY
      ? { apiKey: c.env.ANTHROPIC_API_KEY, baseUrl: c.env.ANTHROPIC_BASE_URL || undefined, model: c.env.ANTHROPIC_MODEL || undefined }
      : null;
    if (!claude && !recognisedText.trim()) {
      throw new AppError(
        'validation_error',
        `No text was read from the image, so it cannot be analysed. Please try a sharper photo or scan (field ${ANALYSIS_FIELDS.text}).`,
      );
    }
    const result = await analysePriceList({ image: { mime: type.mime, bytes }, recognisedText, claude });
    const body: AnalyzePriceListResponse = { success: true, ...result };
    return c.json(body);
  },
);
