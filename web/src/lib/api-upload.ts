// Multipart uploads and file downloads through the request helper's rules (storefront spec section 7):
// credentials always sent, a non-OK answer throws its ApiError '{status}: {body text}'. Kept apart from
// api-client.ts so the landing page, which uploads nothing, does not download them.
import { throwIfNotOk, withCacheBusting } from './api-client';

/** POST a multipart form (the browser sets its boundary) and read the JSON answer. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: 'POST', credentials: 'include', body: form });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** A cache-busted GET of a file (a CSV template, say), as a Blob. */
export async function getBlob(path: string): Promise<Blob> {
  const response = await fetch(withCacheBusting(path), { credentials: 'include' });
  await throwIfNotOk(response);
  return response.blob();
}
