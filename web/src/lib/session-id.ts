/** Chat session id (spec section 3): 'session_' + time + 9 random characters. */
export function createSessionId(now = Date.now()): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = crypto.getRandomValues(new Uint8Array(9));
  return `session_${now}_${[...random].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
