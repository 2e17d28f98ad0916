// @vitest-environment node
// The consultant's default Claude model against the installed SDK's model list (read at test time),
// and which API errors count as 'the model was refused'.
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import messagesDts from '../../node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts?raw';
import { DEFAULT_CLAUDE_MODEL, isModelRefusal, modelUnavailableReason } from '../../worker/services/consultant/claude-model';

/** The literal ids of the SDK's `export type Model = ...` union. */
function sdkModelIds(dts: string): string[] {
  const union = /export type Model = ([^;]+);/.exec(dts)?.[1] ?? '';
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

const apiError = (status: number, type: string, message: string) =>
  Anthropic.APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers());

describe('Claude model', () => {
  it('the default model id is one the installed @anthropic-ai/sdk lists', () => {
    const ids = sdkModelIds(messagesDts);
    expect(ids.length).toBeGreaterThan(5);
    expect(ids).toContain(DEFAULT_CLAUDE_MODEL);
  });

  it('a 404 not_found_error naming the model, or a 400 invalid model, is a refusal of the model', () => {
    expect(isModelRefusal(apiError(404, 'not_found_error', 'model: claude-sonnet-9'))).toBe(true);
    expect(isModelRefusal(apiError(400, 'invalid_request_error', 'invalid model: Claude Sonnet'))).toBe(true);
    // Other failures are not: a wrong path, a bad request about something else, an outage, a non-API error.
    expect(isModelRefusal(apiError(404, 'not_found_error', 'Not found: /v1/messagez'))).toBe(false);
    expect(isModelRefusal(apiError(400, 'invalid_request_error', 'max_tokens: must be at least 1'))).toBe(false);
    expect(isModelRefusal(apiError(500, 'api_error', 'Internal server error'))).toBe(false);
    expect(isModelRefusal(new Error('model: claude-sonnet-9'))).toBe(false);
  });

  it('the routing reason names the model, never the setting', () => {
    expect(modelUnavailableReason('claude-sonnet-9')).toBe('claude-model-unavailable: claude-sonnet-9');
  });
});
