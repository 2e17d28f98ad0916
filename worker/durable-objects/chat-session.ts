import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import { CHAT_TRANSCRIPT_RETENTION_DAYS } from '../shared/retention-schedule';
import { hmacSha256, timingSafeEqualText, toHex } from '../lib/crypto';
import { MAX_TTS_TEXT_LENGTH, TTS_SESSION_LIMIT, WAKE_REPLY, WAKE_REPLY_ID } from '../shared/voice';
import type { ChatMessage, ChatSessionApi, FinishedTurn, SpokenReplyResult, TranscriptTurn, TurnStart } from './chat-session-contract';

/** Per-session cap on messages a minute (the route also limits per client address). */
export const SESSION_MESSAGES_PER_MINUTE = 20;
/** How many earlier turns the consultant sees. */
const HISTORY_TURNS = 20;

/** Spoken text within MAX_TTS_TEXT_LENGTH: a longer reply ends at its last full sentence inside it. */
export function spokenText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_TTS_TEXT_LENGTH) return trimmed;
  const head = trimmed.slice(0, MAX_TTS_TEXT_LENGTH);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '), head.lastIndexOf('\n'));
  return (end > MAX_TTS_TEXT_LENGTH / 2 ? head.slice(0, end + 1) : head).trim();
}

/** The transcript is deleted this long after the session's last message (retention schedule). */
export const CHAT_TRANSCRIPT_RETENTION_MS = CHAT_TRANSCRIPT_RETENTION_DAYS * 86_400_000;

/**
 * One chat session: its messages and the consultant's memory (product and size under discussion,
 * contact details, lead id) in the object's SQLite storage, so the conversation survives restarts.
 * Each message moves an alarm to CHAT_TRANSCRIPT_RETENTION_MS ahead; when it fires, all is deleted.
 * The consultant does not run here (worker/services/consultant/chat-turn.ts): a turn reads what it
 * starts from with beginTurn() and stores its two messages and the new memory with finishTurn().
 */
export class ChatSession extends DurableObject<Env> implements ChatSessionApi {
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
    // The session's own signing key for reply ids and its count of spoken replies; both go with the transcript.
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS voice (id INTEGER PRIMARY KEY CHECK (id = 1), signing_key TEXT NOT NULL, spoken INTEGER NOT NULL DEFAULT 0)`,
    );
  }

  /** The session's HMAC key, made on first use; it never leaves this object. */
  private signingKey(): string {
    const row = this.ctx.storage.sql.exec<{ signing_key: string }>('SELECT signing_key FROM voice WHERE id = 1').toArray()[0];
    if (row) return row.signing_key;
    const key = toHex(crypto.getRandomValues(new Uint8Array(32)));
    this.ctx.storage.sql.exec('INSERT INTO voice (id, signing_key, spoken) VALUES (1, ?, 0)', key);
    return key;
  }

  private async signReply(messageId: number): Promise<string> {
    const mac = toHex(await hmacSha256(this.signingKey(), `chat-reply:${messageId}`)).slice(0, 32);
    return `${messageId}.${mac}`;
  }

  /**
   * POST /api/elevenlabs-tts: the text of a reply this session's consultant gave, by the id it
   * signed (or the wake phrase), counted against TTS_SESSION_LIMIT. A forged id, another session's
   * id or a user's message is 'unknown_reply'.
   */
  async spokenReply(replyId: string): Promise<SpokenReplyResult> {
    let text: string;
    if (replyId === WAKE_REPLY_ID) text = WAKE_REPLY;
    else {
      const [id, mac] = replyId.split('.');
      const messageId = Number(id);
      if (!Number.isSafeInteger(messageId) || !mac) return { ok: false, reason: 'unknown_reply' };
      const hasKey = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM voice').one().n > 0;
      if (!hasKey || !timingSafeEqualText(await this.signReply(messageId), replyId)) return { ok: false, reason: 'unknown_reply' };
      const row = this.ctx.storage.sql
        .exec<{ content: string }>(`SELECT content FROM messages WHERE id = ? AND role = 'assistant'`, messageId)
        .toArray()[0];
      if (!row) return { ok: false, reason: 'unknown_reply' };
      text = row.content;
    }
    this.signingKey(); // the counter's row
    const spoken = this.ctx.storage.sql.exec<{ spoken: number }>('SELECT spoken FROM voice WHERE id = 1').one().spoken;
    if (spoken >= TTS_SESSION_LIMIT) return { ok: false, reason: 'session_limit' };
    this.ctx.storage.sql.exec('UPDATE voice SET spoken = spoken + 1 WHERE id = 1');
    // A session that only ever spoke the wake phrase is still deleted under the retention schedule.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + CHAT_TRANSCRIPT_RETENTION_MS);
    return { ok: true, text: spokenText(text) };
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

  async history(): Promise<ChatMessage[]> {
    return this.ctx.storage.sql
      .exec<{ role: string; content: string; images: string; features: string; created_at: number }>(
        'SELECT role, content, images, features, created_at FROM messages ORDER BY id',
      )
      .toArray()
      .map((m) => ({
        role: m.role,
        content: m.content,
        images: JSON.parse(m.images) as string[],
        features: JSON.parse(m.features) as string[],
        createdAt: m.created_at,
      }));
  }

  /** POPIA deletion on request (services/staff/popia.ts): the transcript and memory go now, not at the retention alarm. */
  async forget(): Promise<{ messages: number }> {
    const messages = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM messages').one().n;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.createTables();
    return { messages };
  }

  /** The session's rate limit, then the last HISTORY_TURNS messages and the memory a turn starts from. */
  async beginTurn(): Promise<TurnStart> {
    const now = Date.now();
    const recent = this.ctx.storage.sql
      .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM messages WHERE role = 'user' AND created_at > ?`, now - 60_000)
      .one().n;
    if (recent >= SESSION_MESSAGES_PER_MINUTE) return { ok: false, reason: 'rate_limited', retryAfterSeconds: 60 };

    const history = this.ctx.storage.sql
      .exec<{ role: string; content: string }>('SELECT role, content FROM messages ORDER BY id DESC LIMIT ?', HISTORY_TURNS)
      .toArray()
      .reverse()
      .map((m): TranscriptTurn => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content }));
    const memoryRow = this.ctx.storage.sql.exec<{ data: string }>('SELECT data FROM memory WHERE id = 1').toArray()[0];
    return { ok: true, startedAt: now, history, memory: memoryRow?.data ?? null };
  }

  /** The customer's message and the reply, stored together with the turn's start time; the new memory replaces the old. */
  async finishTurn(turn: FinishedTurn): Promise<{ replyId: string }> {
    const { startedAt, reply } = turn;
    this.ctx.storage.sql.exec(
      'INSERT INTO messages (role, content, images, created_at) VALUES (?, ?, ?, ?)',
      'user',
      turn.message,
      JSON.stringify(turn.imageKeys),
      startedAt,
    );
    const { id: messageId } = this.ctx.storage.sql
      .exec<{ id: number }>(
        'INSERT INTO messages (role, content, ai_provider, routing_reason, features, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        'assistant',
        reply.response,
        reply.aiProvider,
        reply.routingReason,
        JSON.stringify(reply.features),
        startedAt,
      )
      .one();
    this.ctx.storage.sql.exec(
      'INSERT INTO memory (id, data) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data',
      turn.memory,
    );
    await this.ctx.storage.setAlarm(startedAt + CHAT_TRANSCRIPT_RETENTION_MS);
    return { replyId: await this.signReply(messageId) };
  }
}
