import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { rateLimit } from '../middleware/rate-limit';
import { decodePhoto } from '../lib/image/decode';
import { sniffImageType } from '../lib/image/sniff';
import { analyzeWindowPixels } from '../services/window-analysis';

/** A phone photo is a few MB; the spec's client sends JPEG at quality 0.8. */
const MAX_PHOTO_BYTES = 12 * 1024 * 1024;

const analyzeWindowForm = z.object({
  image: z.instanceof(File, { message: 'attach the photo as a file field named image' }),
  session_id: z.string().max(100).optional(),
  customer_context: z.string().max(2000).optional(),
});

/**
 * POST /api/ar/analyze-window (multipart: image, session_id, customer_context): measures the window
 * in the photo. The photo is kept in R2 with the session so the team can check a measurement; its
 * key is answered as `photo_key` for the order line the size goes onto.
 */
export const arRoutes = new Hono<AppBindings>().post(
  '/analyze-window',
  rateLimit({ name: 'analyze-window', limit: 20, windowSeconds: 60 }),
  async (c, next) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data with a file field named image.');
    }
    await next();
  },
  bodyLimit({
    maxSize: MAX_PHOTO_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Please send a smaller photo.`);
    },
  }),
  validate('form', analyzeWindowForm),
  async (c) => {
    const { image, session_id } = c.req.valid('form');
    const bytes = new Uint8Array(await image.arrayBuffer());
    const pixels = decodePhoto(bytes); // 4xx for anything that is not a readable JPEG or PNG
    const analysis = analyzeWindowPixels(pixels);
    const type = sniffImageType(bytes) === 'png' ? 'png' : 'jpg';
    const folder = session_id && /^[\w-]{1,100}$/.test(session_id) ? session_id : 'anonymous';
    // The key is answered so the calculator can carry it onto the line and the order (shared/photo-keys.ts).
    const photoKey = `windows/${folder}/${Date.now()}.${type}`;
    await c.env.MEDIA.put(photoKey, bytes, {
      httpMetadata: { contentType: type === 'png' ? 'image/png' : 'image/jpeg' },
      customMetadata: {
        width_mm: String(analysis.width_mm),
        drop_mm: String(analysis.drop_mm),
        confidence: String(analysis.confidence),
        quality: analysis.quality.rating,
      },
    });
    return c.json({ success: true, ...analysis, photo_key: photoKey });
  },
);
