import { database } from '../lib/db';
import { businessProfile, type BusinessProfile } from '../lib/business-profile';
import { eventStatement } from './analytics';
import type { z } from 'zod';
import { customerDetails, leadNotes, leads } from '../db/schema';
import type { Env } from '../env';
import type { LeadOrigin } from '../shared/leads-api';
import type { customerDetailsSchema, leadCaptureSchema } from '../shared/schemas';
import { leadNotificationEmail } from './email/lead-emails';
import { outboxInsert, sendOutboxMessages } from './email/outbox';

export type LeadInput = z.output<typeof leadCaptureSchema>;
/** The form requires an e-mail; a chat lead may have only a phone number (never an invented e-mail). */
/** A chat lead is stored without consent (none was asked); a form's lead always has it (the schema). */
export type NewLead = Omit<LeadInput, 'email' | 'source' | 'popiaConsent'> & {
  email: string | null;
  source: LeadOrigin;
  popiaConsent: boolean;
};
export type CustomerDetailsInput = z.output<typeof customerDetailsSchema>;

/**
 * Where a captured lead goes: D1, and the business's notice (null when BUSINESS_EMAIL is unset)
 * queued in the same batch. `send` hands the queued message to waitUntil; without it the cron sends it.
 */
export interface LeadSink {
  db: D1Database;
  notice: { business: BusinessProfile & { email: string }; leadsUrl: string | null } | null;
  send?: (outboxIds: number[]) => void;
  /** The chat session the lead was left in, kept in sessionData so the POPIA tools find its transcript. */
  chatSessionId?: string | null;
  /** The visitor hash of the request that left the lead (analytics), when it came from a request. */
  visitor?: string | null;
}

/** The sink for a request or a chat turn: the /leads link from PUBLIC_BASE_URL, else the request's origin. */
export function leadSink(
  env: Env,
  options: {
    origin?: string | null;
    waitUntil?: (p: Promise<unknown>) => void;
    chatSessionId?: string | null;
    visitor?: string | null;
  } = {},
): LeadSink {
  const business = businessProfile(env);
  const base = env.PUBLIC_BASE_URL?.trim() || options.origin || null;
  const waitUntil = options.waitUntil;
  return {
    db: env.DB,
    notice: business.email
      ? { business: { ...business, email: business.email }, leadsUrl: base ? `${base.replace(/\/+$/, '')}/leads` : null }
      : null,
    send: waitUntil
      ? (ids) =>
          waitUntil(
            sendOutboxMessages(env, ids).catch((err: unknown) =>
              console.error(
                JSON.stringify({ level: 'error', message: 'lead notice not sent now; the outbox cron retries', error: String(err) }),
              ),
            ),
          )
      : undefined,
    chatSessionId: options.chatSessionId ?? null,
    visitor: options.visitor ?? null,
  };
}

/** Who wrote a lead's first note in its notes history: the form or the consultant, when the lead was left. */
export const LEAD_CAPTURE_ACTOR = 'lead capture';

/**
 * The lead's INSERT, its analytics event and its notice's INSERT (last, so its id is the batch's last
 * result), for one batch. `orderReference`: the order the lead came with (a free sample order).
 */
export function leadStatements(sink: LeadSink, input: NewLead, now: Date, orderReference: string | null = null) {
  const d = database(sink.db);
  const id = crypto.randomUUID();
  const createdAt = now.toISOString();
  const sessionData = sink.chatSessionId ? { ...(input.sessionData ?? {}), sessionId: sink.chatSessionId } : input.sessionData;
  const insert = d.insert(leads).values({
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    whatsapp: input.whatsapp,
    location: input.location,
    source: input.source,
    productInterest: input.productInterest,
    sessionData,
    notes: input.notes,
    followUpStatus: 'new',
    popiaConsent: input.popiaConsent,
    popiaConsentAt: input.popiaConsent ? createdAt : null,
    createdAt,
    orderReference,
  });
  const notice = sink.notice
    ? outboxInsert(
        sink.db,
        leadNotificationEmail(sink.notice.business, { ...input, id, createdAt }, sessionData, sink.notice.leadsUrl),
        now,
      )
    : null;
  // Every source's lead counts on the dashboard and in the daily report (area and product as given).
  const event = eventStatement(sink.db, {
    kind: 'lead',
    refId: id,
    area: input.location,
    productId: input.productInterest,
    sessionId: sink.chatSessionId,
    visitor: sink.visitor,
    at: now,
  });
  // The note the lead arrived with is the first entry of its notes history (services/staff/leads.ts).
  const note = input.notes?.trim()
    ? d.insert(leadNotes).values({ leadId: id, actor: LEAD_CAPTURE_ACTOR, text: input.notes.trim(), createdAt })
    : null;
  return { id, insert, note, event, notice };
}

function queueSend(sink: LeadSink, results: readonly unknown[], hasNotice: boolean) {
  if (!hasNotice || !sink.send) return;
  const ids = (results[results.length - 1] as { id: number }[]).map((r) => r.id);
  if (ids.length) sink.send(ids);
}

/** The one way a lead is recorded (form, chat, quick details, stored-quote consultation): row and notice in one batch. */
export async function captureLead(sink: LeadSink, input: NewLead, now = new Date()): Promise<string> {
  const { id, insert, note, event, notice } = leadStatements(sink, input, now);
  const statements = [insert, ...(note ? [note] : []), event, ...(notice ? [notice] : [])];
  const results = await database(sink.db).batch(statements as unknown as Parameters<ReturnType<typeof database>['batch']>[0]);
  queueSend(sink, results, Boolean(notice));
  return id;
}

/**
 * The quick-details dialog's row, and a lead (source 'quick_details') in the same batch: the staff
 * page, its statuses, notes, CSV and the business's notice then treat it like every other lead.
 */
export async function saveCustomerDetails(sink: LeadSink, input: CustomerDetailsInput, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const d = database(sink.db);
  const lead = leadStatements(
    sink,
    {
      name: input.name,
      email: input.email,
      phone: null,
      whatsapp: input.whatsapp,
      location: null,
      source: 'quick_details',
      productInterest: null,
      sessionData: { feature: input.feature, ...(input.sessionId ? { sessionId: input.sessionId } : {}) },
      notes: null,
      popiaConsent: input.popiaConsent,
    },
    now,
  );
  const { popiaConsent: _consent, ...row } = input;
  const details = d.insert(customerDetails).values({ id, ...row, createdAt: now.toISOString() });
  const results = lead.notice
    ? await d.batch([details, lead.insert, lead.event, lead.notice])
    : await d.batch([details, lead.insert, lead.event]);
  queueSend(sink, results, Boolean(lead.notice));
  return id;
}
