// Where a customer's photos are found, the same on both sides and free of zod (so the web app's
// measuring, chat and calculator code can check a key without loading the request schemas):
// - a window photo scan: POST /api/ar/analyze-window stores it in R2 under a photo key and answers
//   it (worker/routes/ar.ts); the calculator carries it onto the line it measured and the order
//   stores it, so staff can open the photo;
// - the consultant chat: its photos are under chat/{session id}/ in R2; an order names the session.

/** windows/{session}/{time}.{jpg|png} */
export const PHOTO_KEY_PATTERN = /^windows\/[\w-]{1,100}\/\d{10,16}\.(jpg|png)$/;

/** A chat session id as the web app makes it: 'session_' + time + '_' + 9 characters. */
export const CHAT_SESSION_ID_PATTERN = /^session_\d{10,16}_[a-z0-9]{9}$/;

/** The key when `value` is one, else undefined (a stored value is never trusted as it is). */
export function photoKeyOrNone(value: unknown): string | undefined {
  return typeof value === 'string' && PHOTO_KEY_PATTERN.test(value) ? value : undefined;
}
