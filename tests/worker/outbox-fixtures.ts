// Helpers of the outbox tests (outbox.test.ts, outbox-cloudflare.test.ts): a stored message's row, a
// message to send, and the Resend stand-in's record of what it was sent.
import { env } from 'cloudflare:test';
import type { Env } from '../../worker/env';
import type { OutgoingEmail } from '../../worker/services/email/outbox';

export const MINUTE = 60_000;

export interface Row {
  id: number;
  dedupe_key: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  claimed_at: string | null;
  sent_at: string | null;
  provider_message_id: string | null;
}

export async function row(id: number): Promise<Row> {
  return (await env.DB.prepare('SELECT * FROM email_outbox WHERE id = ?').bind(id).first<Row>())!;
}

export function message(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  const tag = crypto.randomUUID();
  return {
    dedupeKey: `test:${tag}`,
    kind: 'test',
    to: 'naledi@example.co.za',
    toName: 'Naledi Khumalo',
    replyTo: 'info@example.co.za',
    subject: `Your quote ${tag.slice(0, 8)}`,
    html: '<p>Hello <strong>Naledi</strong></p>',
    text: 'Hello Naledi',
    ...overrides,
  };
}

export function withEmail(overrides: Partial<Env>): Env {
  return { ...env, ...overrides };
}

/** Resend against the stand-in, with an API key of the test's own (recorded requests are filtered by it). */
export function resendEnv(apiKey = `re_test_${crypto.randomUUID()}`): Env {
  return withEmail({
    EMAIL_PROVIDER: 'resend',
    EMAIL_API_BASE: env.STAND_IN_URL,
    EMAIL_API_KEY: apiKey,
    EMAIL_FROM: 'Custom Blinds <quotes@example.co.za>',
  });
}

export async function recordedRequests(
  apiKey: string,
): Promise<{ method: string; path: string; headers: Record<string, string>; body: any }[]> {
  return (await fetch(`${env.STAND_IN_URL}/__requests?key=${encodeURIComponent(apiKey)}`)).json();
}

export async function delivered(apiKey: string, dedupeKey: string): Promise<{ id: string; body: any }[]> {
  const all = await (
    await fetch(`${env.STAND_IN_URL}/emails/__delivered?key=${encodeURIComponent(apiKey)}`)
  ).json<{ id: string; idempotencyKey: string; body: any }[]>();
  return all.filter((d) => d.idempotencyKey === dedupeKey);
}
