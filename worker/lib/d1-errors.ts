/** True for a D1 error caused by a UNIQUE constraint (the message may sit on the error or its cause). */
export function isUniqueViolation(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return /UNIQUE constraint failed/i.test(text);
}
