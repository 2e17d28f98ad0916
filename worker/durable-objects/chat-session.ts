import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import type { ChatTurn, ConsultantContact, ConsultantMemory } from '../services/consultant/built-in-consultant';
import { answerTurn } from '../services/consultant/route-answer';
import { leadSink } from '../services/leads';
import { CHAT_TRANSCRIPT_RETENTION_DAYS } from '../shared/retention-schedule';

/** Per-session cap on messages a minute (the route also limits per client address). */
export const SESSION_MESSAGES_PER_MINUTE = 20;
/** How many earlier turns the consultant sees. */
const HISTORY_TURNS = 20;

export interface ChatReplyInput {
  message: string;
  /** R2 keys of the images stored for this message. */
  imageKeys: string[];
  contact: ConsultantContact;
  /** The session's id and the site's origin: a lead captured in this chat keeps the id, its notice links to /leads. */
  sessionId?: string;
  origin?: string | null;
}

export interface ChatReply {
  response: string;
  aiProvider: 'claude' | 'gpt' | 'other';
  routingReason: string;
  features: string[];
}

export type ChatReplyResult = { ok: true; reply: ChatReply } | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** The transcript is deleted this long after the session's last message (retention schedule). */
export const CHAT_TRANSCRIPT_RETENTION_MS = CHAT_TRANSCRIPT_RETENTION_DAYS * 86_400_000;

/**
 * One chat session: its messages and the consultant's memory (product and size under discussion,
 * contact details, lead id) in the object's SQLite storage, so the conversation survives restarts.
 * Each message moves an alarm to CHAT_TRANSCRIPT_RETENTION_MS ahead; when it fires, all is deleted.
 */
export class ChatSession extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => this.createTables());
  }

  private createTables(): void {
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        images TEXT NOT NULL DEFAULT '[]',
        ai_provider TEXT,
        routing_reason TEXT,
        features TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL
      )`);
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS memory (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)`);
  }

  /** Retention: no message for CHAT_TRANSCRIPT_RETENTION_MS, so the transcript and memory go. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    // This instance may still be asked for the (now empty) session before it is evicted.
    this.createTables();
  }

  async start(): Promise<{ messageCount: number }> {
    const row = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one();
    return { messageCount: row.n };
  }

  async history(): Promise<{ role: string; content: string; images: string[]; features: string[] }[]> {
    return this.ctx.storage.sql
      .exec<{ role: string; content: string; images: string; features: string }>('SELECT role, content, images, features FROM messages ORDER BY id')
      .toArray()
      .map((m) => ({ role: m.role, content: m.content, images: JSON.parse(m.images) as string[], features: JSON.parse(m.features) as string[] }));
  }

  /** POPIA deletion on request (services/popia.ts): the transcript and memory go now, not at the retention alarm. */
  async forget(): Promise<{ messages: number }> {
    const messages = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one().n;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.createTables();
    return { messages };
  }

  private async readPhotos(keys: string[]): Promise<Uint8Array[]> {
    const objects = await Promise.all(keys.map((key) => this.env.MEDIA.get(key)));
    return Promise.all(objects.filter((o) => o !== null).map(async (o) => new Uint8Array(await o.arrayBuffer())));
  }

  async reply(input: ChatReplyInput): Promise<ChatReplyResult> {
    const now = Date.now();
    const recent = this.ctx.storage.sql
      .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM messages WHERE role = 'user' AND created_at > ?`, now - 60_000)
      .one().n;
    if (recent >= SESSION_MESSAGES_PER_MINUTE) return { ok: false, reason: 'rate_limited', retryAfterSeconds: 60 };

    const history = this.ctx.storage.sql
      .exec<{ role: string; content: string }>('SELECT role, content FROM messages ORDER BY id DESC LIMIT ?', HISTORY_TURNS)
      .toArray()
      .reverse()
      .map((m): ChatTurn => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content }));
    const memoryRow = this.ctx.storage.sql.exec<{ data: string }>('SELECT data FROM memory WHERE id = 1').toArray()[0];
    const memory: ConsultantMemory = memoryRow ? (JSON.parse(memoryRow.data) as ConsultantMemory) : {};

    const photos = input.imageKeys.length ? await this.readPhotos(input.imageKeys) : [];
    const leads = leadSink(this.env, { origin: input.origin, chatSessionId: input.sessionId, waitUntil: (p) => this.ctx.waitUntil(p) });
    const answer = await answerTurn(this.env, { message: input.message, photos, history, memory, contact: input.contact, leads });
    const reply: ChatReply = {
      response: answer.response,
      aiProvider: answer.aiProvider,
      routingReason: answer.routingReason,
      features: answer.features,
    };
    this.ctx.storage.sql.exec(
      'INSERT INTO messages (role, content, images, created_at) VALUES (?, ?, ?, ?)',
      'user',
      input.message,
      JSON.stringify(input.imageKeys),
      now,
    );
    this.ctx.storage.sql.exec(
      'INSERT INTO messages (role, content, ai_provider, routing_reason, features, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      'assistant',
      reply.response,
      reply.aiProvider,
      reply.routingReason,
      JSON.stringify(reply.features),
      now,
    );
    this.ctx.storage.sql.exec('INSERT INTO memory (id, data) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data', JSON.stringify(answer.memory));
    await this.ctx.storage.setAlarm(now + CHAT_TRANSCRIPT_RETENTION_MS);
    return { ok: true, reply };
  }
}
