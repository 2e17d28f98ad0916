import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { MAX_WORD_FILE_BYTES, sniffWordFile } from '../lib/word-document';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { listOutdoorColours, uploadOutdoorColours } from '../services/outdoor-colours';
import { INVALID_FILE_TYPE_MESSAGE, UPLOAD_COLOURS_FIELDS } from '../shared/outdoor-colours-api';

/** Room for the multipart envelope and the replaceAll field around the document. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

export const outdoorColourRoutes = new Hono<AppBindings>()
  // Public: the storefront's outdoor products show this range (worker/public-routes.ts).
  .get('/colours', async (c) => c.json(await listOutdoorColours(c.env.DB)))
  .post(
    '/upload-colours',
    requireStaff,
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError(
          'unsupported_media_type',
          `Send the Word document as multipart/form-data in a field named ${UPLOAD_COLOURS_FIELDS.document}.`,
        );
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_WORD_FILE_BYTES + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError(
          'payload_too_large',
          `The document is larger than ${MAX_WORD_FILE_BYTES / 1024 / 1024} MB. Please upload a smaller document.`,
        );
      },
    }),
    async (c) => {
      const form = await c.req.formData();
      const file = form.get(UPLOAD_COLOURS_FIELDS.document);
      if (!(file instanceof File) || file.size === 0) {
        throw new AppError(
          'validation_error',
          `Choose a Word document (.doc or .docx) to upload in the field ${UPLOAD_COLOURS_FIELDS.document}.`,
        );
      }
      const replaceAll = String(form.get(UPLOAD_COLOURS_FIELDS.replaceAll) ?? 'false').toLowerCase() === 'true';
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!sniffWordFile(bytes)) throw new AppError('unsupported_media_type', INVALID_FILE_TYPE_MESSAGE);
      const result = await uploadOutdoorColours(c.env.DB, c.env.MEDIA, {
        bytes,
        fileName: file.name,
        replaceAll,
        actor: staffActor(c),
      });
      return c.json(result);
    },
  );
