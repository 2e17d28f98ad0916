// Staff price-list API (staff spec 2.2, 7): template CSV, bulk upload, versions, rollback.
// Shares /api/pricing with the public quote; every route here carries requireStaff.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import {
  MAX_PRICE_LIST_BYTES,
  MAX_PRICE_LIST_FILES,
  PRICE_LIST_CONFIRM_FIELD,
  PRICE_LIST_FIELD,
  rollbackSchema,
  templateFileName,
} from '../shared/price-lists-api';
import { bulkUploadPriceLists, listVersions, rollbackPriceList, templateFor } from '../services/staff/price-lists';
import { optionsTemplateFor, uploadOptionList } from '../services/staff/option-lists';
import { MAX_OPTION_LIST_BYTES, OPTION_LIST_FIELD, optionsTemplateFileName } from '../shared/option-lists-api';

/** Room for the files plus the multipart framing. */
const MAX_UPLOAD_BODY = MAX_PRICE_LIST_FILES * MAX_PRICE_LIST_BYTES + 64 * 1024;

export const priceListRoutes = new Hono<AppBindings>()
  .get('/template/:productId', requireStaff, async (c) => {
    const { productId, csv } = await templateFor(c.env.DB, c.req.param('productId'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${templateFileName(productId)}"`,
    });
  })
  .post(
    '/bulk-upload',
    requireStaff,
    async (c, next) => {
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError(
          'unsupported_media_type',
          `Send the price lists as multipart/form-data, one file field named ${PRICE_LIST_FIELD} per CSV.`,
        );
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_UPLOAD_BODY,
      onError: () => {
        throw new AppError(
          'payload_too_large',
          `Upload at most ${MAX_PRICE_LIST_FILES} files of at most ${MAX_PRICE_LIST_BYTES / 1024} KB each.`,
        );
      },
    }),
    async (c) => {
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new AppError('validation_error', 'The upload could not be read as multipart/form-data.');
      });
      const field = form[PRICE_LIST_FIELD];
      const files = (Array.isArray(field) ? field : field === undefined ? [] : [field]).filter((f): f is File => f instanceof File);
      if (files.length === 0)
        throw new AppError('validation_error', `No Files Selected - attach CSV files in the field ${PRICE_LIST_FIELD}.`);
      if (files.length > MAX_PRICE_LIST_FILES)
        throw new AppError('validation_error', `Upload at most ${MAX_PRICE_LIST_FILES} price lists at a time.`);
      // Spec-less safeguard: a list that halves prices or goes below R 50 a blind waits for staff to confirm it.
      const confirm = form[PRICE_LIST_CONFIRM_FIELD];
      const confirmed = (Array.isArray(confirm) ? confirm[0] : confirm) === 'true';
      return c.json(await bulkUploadPriceLists(c.env.DB, files, staffActor(c), MAX_PRICE_LIST_BYTES, confirmed));
    },
  )
  // A shutter's or awning's options: the CSV in force, and an upload that replaces them whole.
  .get('/options-template/:productId', requireStaff, async (c) => {
    const { productId, csv } = await optionsTemplateFor(c.env.DB, c.req.param('productId'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${optionsTemplateFileName(productId)}"`,
    });
  })
  .post(
    '/options-upload/:productId',
    requireStaff,
    bodyLimit({
      maxSize: MAX_OPTION_LIST_BYTES + 16 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', `An options list may be at most ${MAX_OPTION_LIST_BYTES / 1024} KB.`);
      },
    }),
    async (c) => {
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError('unsupported_media_type', `Send the options list as multipart/form-data in the field ${OPTION_LIST_FIELD}.`);
      }
      const form = await c.req.parseBody().catch(() => {
        throw new AppError('validation_error', 'The upload could not be read as multipart/form-data.');
      });
      const file = form[OPTION_LIST_FIELD];
      if (!(file instanceof File)) throw new AppError('validation_error', `Attach the options CSV in the field ${OPTION_LIST_FIELD}.`);
      return c.json(await uploadOptionList(c.env.DB, c.req.param('productId'), await file.text(), staffActor(c)));
    },
  )
  .get('/versions/:productId', requireStaff, async (c) => c.json(await listVersions(c.env.DB, c.req.param('productId'))))
  .post('/rollback/:productId', requireStaff, jsonBody(1024), validate('json', rollbackSchema), async (c) =>
    c.json(await rollbackPriceList(c.env.DB, c.req.param('productId'), c.req.valid('json').version, staffActor(c))),
  );
