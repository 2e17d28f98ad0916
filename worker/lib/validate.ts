import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError, type ErrorIssue } from './errors';

/**
 * The one validation path: zod schemas at the edge; a failure becomes a 400 in the common error
 * shape, with a message that names the fields so a person can correct them.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const issues: ErrorIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const summary = issues
      .slice(0, 3)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join('; ');
    throw new AppError('validation_error', summary || 'The request is not valid.', { issues });
  });
}
