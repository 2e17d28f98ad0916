import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Default cap for JSON write bodies; endpoints that take images pass a larger one. */
export const DEFAULT_JSON_LIMIT_BYTES = 64 * 1024;

/**
 * JSON-only write endpoints (a CSRF defence: a cross-site form cannot send application/json)
 * with a body size cap. Other content types get 415, oversized bodies 413.
 */
export function jsonBody(maxBytes = DEFAULT_JSON_LIMIT_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    if (!JSON_TYPE.test(mediaType)) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    const declared = Number(c.req.header('Content-Length') ?? '0');
    if (declared > maxBytes) throw tooLarge(maxBytes);
    // Content-Length can be absent (chunked): measure what actually arrived.
    const text = await c.req.text();
    if (new TextEncoder().encode(text).byteLength > maxBytes) throw tooLarge(maxBytes);
    await next();
  };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The request body is larger than the ${Math.round(maxBytes / 1024)} KB this endpoint accepts.`);
}
