// A lead's detail for staff (staff spec 2.10): the lead, its notes history newest first, the chat
// transcript that led to it with the time of each message, and the photos the customer sent in that
// chat, each served to staff only through GET /api/leads/{id}/photos.
//
// The transcript is read from the chat's own Durable Object, not copied into D1 when the lead is
// made: the object already deletes it 90 days after the last message and on a POPIA deletion
// (durable-objects/chat-session.ts, the retention schedule), so staff see exactly what is still kept
// and no second copy needs its own retention and erasure. A staff route reads it the same way the
// POPIA export does (a read-only RPC that leaves the retention alarm alone).
import { desc, eq } from 'drizzle-orm';
import { database } from '../../lib/db';
import { leadNotes, leads } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { LeadChat, LeadChatMessage, LeadDetailResponse, LeadNoteDto, LeadPhotoDto } from '../../shared/leads-api';
import { chatSession } from '../consultant/chat-turn';
import { recordAudit } from './audit';
import { leadDto } from './leads';
import { serverChatSessionId } from './popia-match';

type LeadRow = typeof leads.$inferSelect;

/** More photos than this in one chat is not a customer's chat: the list stops there. */
const MAX_CHAT_PHOTOS = 200;

const noLead = (id: string) => new AppError('not_found', `There is no lead with id ${id}.`);

const chatFolder = (sessionId: string) => `chat/${sessionId}/`;
const photoUrl = (leadId: string, key: string) => `/api/leads/${encodeURIComponent(leadId)}/photos?key=${encodeURIComponent(key)}`;

async function findLead(db: D1Database, id: string): Promise<LeadRow> {
  const [row] = await database(db).select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw noLead(id);
  return row;
}

/** The lead's notes history, newest first (the id breaks ties within one millisecond). */
export async function leadNoteHistory(db: D1Database, leadId: string, { mustExist = false } = {}): Promise<LeadNoteDto[]> {
  if (mustExist) await findLead(db, leadId);
  const rows = await database(db)
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
  return rows.map(({ id, actor, text, createdAt }) => ({ id, actor, text, createdAt }));
}

async function chatPhotos(env: Env, leadId: string, sessionId: string): Promise<LeadPhotoDto[]> {
  const found: LeadPhotoDto[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix: chatFolder(sessionId), cursor });
    found.push(...page.objects.map((o) => ({ key: o.key, url: photoUrl(leadId, o.key), uploadedAt: o.uploaded.toISOString() })));
    cursor = page.truncated && found.length < MAX_CHAT_PHOTOS ? page.cursor : undefined;
  } while (cursor);
  return found.slice(0, MAX_CHAT_PHOTOS).sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt));
}

async function leadChat(env: Env, leadId: string, sessionId: string | null, kept: Set<string>): Promise<LeadChat> {
  if (!sessionId) return { status: 'none', messages: [] };
  const history = await chatSession(env, sessionId).history();
  if (history.length === 0) return { status: 'expired', sessionId, messages: [] };
  const messages = history.map((m): LeadChatMessage => ({
    role: m.role === 'assistant' ? 'consultant' : 'customer',
    text: m.content,
    at: Number.isFinite(m.createdAt) ? new Date(m.createdAt).toISOString() : null,
    // A photo past its own retention (90 days after upload) is named but no longer linked.
    photos: m.images.map((key) => ({ key, url: kept.has(key) ? photoUrl(leadId, key) : null })),
  }));
  return { status: 'kept', sessionId, messages };
}

/** GET /api/leads/{id}: the lead with its notes, chat and photos; each view is audited (personal data). */
export async function leadDetail(env: Env, id: string, actor: string): Promise<LeadDetailResponse> {
  const row = await findLead(env.DB, id);
  const sessionId = serverChatSessionId(row);
  const photos = sessionId ? await chatPhotos(env, id, sessionId) : [];
  const [notes, chat] = await Promise.all([leadNoteHistory(env.DB, id), leadChat(env, id, sessionId, new Set(photos.map((p) => p.key)))]);
  await recordAudit(env.DB, { actor, action: 'lead.view', target: id, details: { chat: chat.status, photos: photos.length } });
  return { success: true, lead: leadDto(row), notes, chat, photos };
}

/**
 * A photo of the lead's own chat for the staff-only link: only a key in that chat's folder, so one
 * lead's link cannot open another customer's photo. Null for anything else.
 */
export async function leadPhoto(env: Env, id: string, key: string): Promise<R2ObjectBody | null> {
  if (key.includes('..')) return null;
  const sessionId = serverChatSessionId(await findLead(env.DB, id));
  if (!sessionId) return null;
  const folder = chatFolder(sessionId);
  return key.startsWith(folder) && key.length > folder.length ? env.MEDIA.get(key) : null;
}
