// Request schemas shared by the route validators and the web client: the spec's field names.
import { z } from 'zod';
import { SIZE_SOURCES } from './leads-api';
import { CHAT_SESSION_ID_PATTERN } from './photo-keys';
import { lineOptionsSchema } from './product-options';

/** Empty optional text is stored as null (spec: optional lead fields are sent as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be a valid email address' }));

export const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Millimetres: a positive number, at most 100 m (anything larger is a typing slip). */
export const millimetres = z.coerce
  .number({ error: 'must be a number of millimetres' })
  .refine(Number.isFinite, 'must be a number of millimetres')
  .refine((v) => v > 0, 'must be more than 0 mm')
  .refine((v) => v <= 100_000, 'must be at most 100000 mm');

export const pricingQuoteSchema = z.object({
  width_mm: millimetres,
  drop_mm: millimetres,
  product_type: requiredText(80),
  quantity: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
  /** A shutter's or awning's options by group (product-options.ts); a group left out takes its default. */
  options: lineOptionsSchema.optional(),
});
export type PricingQuoteRequest = z.input<typeof pricingQuoteSchema>;

// 'quote_consultation': a stored quote's consultation request (/complete-quote), a source the spec's list lacks.
export const LEAD_SOURCES = ['ar_visualizer', 'room_walkthrough', 'shutter_visualization', 'other', 'quote_consultation'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

const sizeMm = z
  .number({ error: 'must be a number of millimetres' })
  .positive('must be more than 0 mm')
  .max(100_000, 'must be at most 100000 mm');

/** One size in a lead's sessionData.dimensions: numbers in mm, and where the size came from. */
const leadDimensionSchema = z.looseObject({
  width_mm: sizeMm.optional(),
  drop_mm: sizeMm.nullish(),
  sizeSource: z.enum(SIZE_SOURCES, { error: `must be one of ${SIZE_SOURCES.join(', ')}` }).optional(),
});
const leadDimensionListSchema = z.array(leadDimensionSchema).max(50, 'must list at most 50 sizes');

/** Free session details, except that dimensions, when sent, are sizes in mm with an optional sizeSource. */
const leadSessionDataSchema = z.record(z.string(), z.unknown()).superRefine((data, ctx) => {
  const dimensions = data.dimensions;
  if (dimensions === undefined || dimensions === null) return;
  // One size or a list of them (the walk-through's windows); checked separately so the message names the field.
  const parsed = Array.isArray(dimensions) ? leadDimensionListSchema.safeParse(dimensions) : leadDimensionSchema.safeParse(dimensions);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['dimensions', ...issue.path] });
  }
});

/**
 * POPIA (DESIGN.md section 7): every form that takes contact details shows a consent box with a link
 * to the privacy notice, and the server refuses the details without the tick.
 */
export const POPIA_CONSENT_MESSAGE = 'tick the box to agree to be contacted about this enquiry (see our privacy notice at /privacy)';
export const popiaConsent = z.literal(true, { error: POPIA_CONSENT_MESSAGE });

export const leadCaptureSchema = z.object({
  name: requiredText(120),
  email,
  phone: optionalText(40),
  whatsapp: optionalText(40),
  location: optionalText(120),
  source: z.enum(LEAD_SOURCES, { error: `must be one of ${LEAD_SOURCES.join(', ')}` }),
  productInterest: optionalText(200),
  sessionData: leadSessionDataSchema.nullish().transform((v) => v ?? null),
  notes: optionalText(4000),
  popiaConsent,
});
export type LeadCaptureRequest = z.input<typeof leadCaptureSchema>;

export const CUSTOMER_DETAIL_FEATURES = ['ar_visualizer', 'room_walkthrough'] as const;

export const customerDetailsSchema = z.object({
  name: requiredText(120),
  whatsapp: requiredText(40),
  email,
  feature: z
    .enum(CUSTOMER_DETAIL_FEATURES)
    .nullish()
    .transform((v) => v ?? null),
  sessionId: optionalText(100),
  ipAddress: optionalText(64),
  popiaConsent,
});
export type CustomerDetailsRequest = z.input<typeof customerDetailsSchema>;

export const staffSignInSchema = z.object({
  pin: z.string({ error: 'is required' }).regex(/^\d{4}$/, 'must be 4 digits'),
});

/** Chat session id (spec section 3): 'session_' + time + 9 random characters. */
export const chatSessionIdSchema = z
  .string({ error: 'is required' })
  .regex(CHAT_SESSION_ID_PATTERN, "must look like 'session_<time>_<9 characters>'");

export const chatSessionSchema = z.object({ sessionId: chatSessionIdSchema });

/** Spec section 5: up to 3 images a message. */
export const MAX_CHAT_IMAGES = 3;
/** Per image, decoded; base64 is a third larger. */
export const MAX_CHAT_IMAGE_BYTES = 5 * 1024 * 1024;

export const enhancedChatSchema = z
  .object({
    message: z.string().trim().max(4000, 'must be at most 4000 characters').default(''),
    sessionId: chatSessionIdSchema,
    images: z
      .array(
        z
          .string()
          .max(Math.ceil((MAX_CHAT_IMAGE_BYTES * 4) / 3) + 4, 'each image must be at most 5 MB')
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 without a data: prefix'),
      )
      .max(MAX_CHAT_IMAGES, `at most ${MAX_CHAT_IMAGES} images per message`)
      .default([]),
    userContext: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => body.message.length > 0 || body.images.length > 0, { message: 'Type a message or attach a photo.', path: ['message'] });
