import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../lib/errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Default cap for JSON write bodies; endpoints that take images pass a larger one. */
export const DEFAULT_JSON_LIMIT_BYTES = 64 * 1024;

/**
 * JSON-only write endpoints (a CSRF defence: a cross-site form cannot send application/json)
 * with a body size cap. Other content types get 415, oversized bodies 413.
 */
export function jsonBody(maxBytes = DEFAULT_JSON_LIMIT_BYTES): MiddlewareHandler {
  // hono's bodyLimit trusts Content-Length when it is present and otherwise (chunked) counts the
  // bytes as they stream in, stopping at the cap instead of buffering the whole body first.
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    if (!JSON_TYPE.test(mediaType)) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    return limit(c, next);
  };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The request body is larger than the ${Math.round(maxBytes / 1024)} KB this endpoint accepts.`);
}
