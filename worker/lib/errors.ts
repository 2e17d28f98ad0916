import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type of the API: a code the client can branch on and a message a person can act on. */
export type ErrorCode =
  | 'validation_error'
  | 'malformed_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'not_configured'
  | 'conflict'
  | 'internal_error';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  validation_error: 400,
  malformed_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  not_configured: 503,
};

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { issues?: ErrorIssue[]; retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  success: false;
  error: ErrorCode;
  message: string;
  requestId: string;
  issues?: ErrorIssue[];
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = { success: false, error: err.code, message: err.message, requestId };
  if (err.details?.issues) body.issues = err.details.issues;
  return body;
}
