// Free colour samples (storefront spec 'Free samples'): the request the /samples page sends, the
// answer, and the limits and words both sides share. The server (services/samples) checks every
// colour against the catalogue and counts the limits; the page only helps the customer stay inside them.
import { z } from 'zod';
import { email, optionalText, popiaConsent, requiredText } from './schemas';
import { recipientNameSchema } from './orders-api';

/** Swatches in one request. */
export const MAX_SAMPLES = 6;
export const TOO_MANY_SAMPLES_MESSAGE = `You can ask for up to ${MAX_SAMPLES} free samples at a time.`;
/** One request per delivery address, and per e-mail address, in this many days. */
export const SAMPLE_PERIOD_DAYS = 30;
/** Sample requests the shop takes in one South African day, all customers together. */
export const SAMPLE_DAILY_CAP = 25;

export const SA_PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;
export type SaProvince = (typeof SA_PROVINCES)[number];

export const sampleSwatchSchema = z.object({
  /** The product's id (or calculator id) as the colour lists name it. */
  productId: requiredText(80),
  colour: requiredText(80),
});
export type SampleSwatch = z.input<typeof sampleSwatchSchema>;

export const sampleAddressSchema = z.object({
  street: requiredText(160),
  suburb: optionalText(80),
  town: requiredText(80),
  postalCode: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{4}$/, 'must be the 4-digit postal code'),
  province: z.enum(SA_PROVINCES, { error: `must be one of ${SA_PROVINCES.join(', ')}` }),
});
export type SampleAddress = z.output<typeof sampleAddressSchema>;

/** POST /api/samples */
export const sampleRequestSchema = z.object({
  swatches: z
    .array(sampleSwatchSchema, { error: 'choose at least one colour' })
    .min(1, 'choose at least one colour')
    .max(MAX_SAMPLES, TOO_MANY_SAMPLES_MESSAGE),
  // A plain name: it is the only request text the customer's e-mail carries (customer-email-guard).
  name: recipientNameSchema,
  email,
  phone: requiredText(40),
  address: sampleAddressSchema,
  popiaConsent,
});
export type SampleRequest = z.input<typeof sampleRequestSchema>;

/** The address as one line (the order's customer_address, the e-mails, the courier label). */
export function addressLine(a: SampleAddress): string {
  return [a.street, a.suburb, a.town, a.postalCode, a.province].filter((part) => part && part.trim()).join(', ');
}

export interface SampleRequestResponse {
  success: true;
  /** The sample order: the customer tracks it on /track with this and their e-mail or phone. */
  reference: string;
  swatches: { productId: string; productName: string; colour: string }[];
  message: string;
}
