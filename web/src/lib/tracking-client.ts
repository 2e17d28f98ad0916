// The customer's tracking lookups (staff spec section 7), typed by the shared contract. 'Nothing
// found' is an answer (null); anything else throws ApiError with the server's message.
import type { OrderTimelineDto } from '@shared/fulfilment';
import type { OrderProgressDto } from '@shared/delivery-dates';
import { POSTCODE_PATTERN, type OrderTrackingResponse, type PublicTrackingDto, type PublicTrackingResponse } from '@shared/tracking-api';
import { ApiError, getJson } from './api-client';

/** What a lookup found: the order's fulfilment timeline, and its courier entry once it has one. */
export interface TrackingLookup {
  tracking: PublicTrackingDto | null;
  timeline: OrderProgressDto | null;
}

async function nullOn404(path: string): Promise<TrackingLookup | null> {
  try {
    const answer = await getJson<PublicTrackingResponse | OrderTrackingResponse>(path);
    return answer ? { tracking: answer.tracking ?? null, timeline: answer.timeline ?? null } : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /api/tracking/{trackingNumber}: the entry and its order's timeline. */
export function fetchTrackingByNumber(trackingNumber: string): Promise<TrackingLookup | null> {
  return nullOn404(`/api/tracking/${encodeURIComponent(trackingNumber.trim())}`);
}

/**
 * GET /api/tracking/order/{orderId}?email= or ?postcode=: the order's timeline and latest tracking
 * entry (null until it is with the courier). The reference alone opens nothing; `contact` is the
 * order's e-mail address or its postcode (4 digits).
 */
export function fetchTrackingForOrder(orderId: string, contact: string): Promise<TrackingLookup | null> {
  const value = contact.trim();
  const query = new URLSearchParams({ [POSTCODE_PATTERN.test(value) ? 'postcode' : 'email']: value });
  return nullOn404(`/api/tracking/order/${encodeURIComponent(orderId.trim())}?${query}`);
}

/**
 * The note under an order's timeline while it has no courier entry: a courier order not yet
 * dispatched gets its tracking with dispatch. None once it is dispatched (a delivered order without
 * an entry would be promised one that never comes), when cancelled, or for an order our team
 * installs, which never has a courier.
 */
export function courierTrackingToCome(timeline: Pick<OrderTimelineDto, 'status' | 'method'>): string | null {
  const beforeDispatch = timeline.status === 'received' || timeline.status === 'sizes_confirmed' || timeline.status === 'in_production';
  return timeline.method === 'courier' && beforeDispatch ? "The courier's tracking appears here once your order is dispatched." : null;
}
