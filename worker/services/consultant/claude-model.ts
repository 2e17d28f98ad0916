// Which Claude model the consultant asks for, and what happens when Anthropic refuses it:
// the refusal is logged once per isolate with what to set, and the chat's routingReason names it.
import Anthropic from '@anthropic-ai/sdk';
import type { Model } from '@anthropic-ai/sdk/resources/messages';

/** The model ids the installed SDK lists (its Model type without the open `string` member). */
export type KnownClaudeModel = LiteralMembers<Model>;
type LiteralMembers<T> = T extends string ? (string extends T ? never : T) : never;

// claude-sonnet-4-5 reaches end-of-life on 30 November 2026 (the SDK warns on every call).
// `satisfies` keeps the default among the SDK's listed ids; tests/web/claude-model.test.ts
// also reads the SDK's list at test time.
export const DEFAULT_CLAUDE_MODEL = 'claude-sonnet-5-5' satisfies KnownClaudeModel;

/** The environment variable that picks another model (worker/env.ts). */
export const CLAUDE_MODEL_SETTING = 'ANTHROPIC_MODEL';

/**
 * True when the API refused the model itself: a 404 not_found_error naming the model (the API's
 * answer for an unknown or retired id), or a 400 that says the model is invalid.
 */
export function isModelRefusal(err: unknown): boolean {
  if (!(err instanceof Anthropic.APIError)) return false;
  const body = err.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const type = typeof body?.error?.type === 'string' ? body.error.type : '';
  const message = typeof body?.error?.message === 'string' ? body.error.message : err.message;
  if (!/\bmodel\b/i.test(message)) return false;
  if (err.status === 404) return type === '' || type === 'not_found_error';
  if (err.status === 400) return /invalid|not found|does not exist|unknown|not supported|unsupported/i.test(message);
  return false;
}

/** Models whose refusal this isolate has already logged. */
const loggedRefusals = new Set<string>();

/** Logs a refused model once per isolate, with the setting that fixes it; answers whether it logged now. */
export function logModelRefusal(model: string, detail: string): boolean {
  if (loggedRefusals.has(model)) return false;
  loggedRefusals.add(model);
  console.error(
    JSON.stringify({
      level: 'error',
      message: `Claude refused the model '${model}': set ${CLAUDE_MODEL_SETTING} to a model your Anthropic key can use (default ${DEFAULT_CLAUDE_MODEL}). Until then the built-in consultant answers.`,
      model,
      setting: CLAUDE_MODEL_SETTING,
      detail: detail.slice(0, 300),
    }),
  );
  return true;
}

/** The routingReason's words for a refused model (shown to the customer: no setting names). */
export function modelUnavailableReason(model: string): string {
  return `claude-model-unavailable: ${model}`;
}
