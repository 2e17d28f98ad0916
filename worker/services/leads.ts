import { drizzle } from 'drizzle-orm/d1';
import type { z } from 'zod';
import { customerDetails, leads } from '../db/schema';
import type { customerDetailsSchema, leadCaptureSchema } from '../shared/schemas';

export type LeadInput = z.output<typeof leadCaptureSchema>;
/** The form requires an e-mail; a chat lead may have only a phone number. */
export type NewLead = Omit<LeadInput, 'email'> & { email: string | null };
export type CustomerDetailsInput = z.output<typeof customerDetailsSchema>;

/** The record the consultant, the visualisers and the staff leads page share. */
export async function captureLead(db: D1Database, input: NewLead, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await drizzle(db)
    .insert(leads)
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      whatsapp: input.whatsapp,
      location: input.location,
      source: input.source,
      productInterest: input.productInterest,
      sessionData: input.sessionData,
      notes: input.notes,
      followUpStatus: 'new',
      popiaConsent: input.popiaConsent,
      popiaConsentAt: input.popiaConsent ? now.toISOString() : null,
      createdAt: now.toISOString(),
    });
  return id;
}

export async function saveCustomerDetails(db: D1Database, input: CustomerDetailsInput): Promise<string> {
  const id = crypto.randomUUID();
  await drizzle(db).insert(customerDetails).values({ id, ...input });
  return id;
}
