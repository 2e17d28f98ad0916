// The customer's tracking lookups (staff spec section 7), typed by the shared contract. 'Nothing
// found' is an answer (null); anything else throws ApiError with the server's message.
import { POSTCODE_PATTERN, type PublicTrackingDto, type PublicTrackingResponse } from '@shared/tracking-api';
import { ApiError, getJson } from './api-client';

async function nullOn404(path: string): Promise<PublicTrackingDto | null> {
  try {
    return (await getJson<PublicTrackingResponse>(path))?.tracking ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /api/tracking/{trackingNumber} */
export function fetchTrackingByNumber(trackingNumber: string): Promise<PublicTrackingDto | null> {
  return nullOn404(`/api/tracking/${encodeURIComponent(trackingNumber.trim())}`);
}

/**
 * GET /api/tracking/order/{orderId}?email= or ?postcode=: the order's latest tracking entry. The
 * reference alone opens nothing; `contact` is the order's e-mail address or its postcode (4 digits).
 */
export function fetchTrackingForOrder(orderId: string, contact: string): Promise<PublicTrackingDto | null> {
  const value = contact.trim();
  const query = new URLSearchParams({ [POSTCODE_PATTERN.test(value) ? 'postcode' : 'email']: value });
  return nullOn404(`/api/tracking/order/${encodeURIComponent(orderId.trim())}?${query}`);
}
