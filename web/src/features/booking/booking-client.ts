// The customer's side of booked site visits: open times, the booking, and the signed link's move
// and cancel (worker/routes/visit-bookings.ts).
import type { BookingCreateRequest, BookingResponse, OpenSlot, OpenSlotsResponse } from '@shared/visit-bookings-api';
import { ApiError, apiRequest, getJson } from '../../lib/api-client';

export async function fetchOpenSlots(area: string | null): Promise<OpenSlot[]> {
  const query = area ? `?area=${encodeURIComponent(area)}` : '';
  const body = await getJson<OpenSlotsResponse>(`/api/visit-bookings/slots${query}`);
  return body?.slots ?? [];
}

export function bookVisit(request: BookingCreateRequest): Promise<BookingResponse> {
  return apiRequest<BookingResponse>('POST', '/api/visit-bookings', request);
}

export async function readBooking(token: string): Promise<BookingResponse> {
  const body = await getJson<BookingResponse>(`/api/visit-bookings/manage?token=${encodeURIComponent(token)}`);
  if (!body) throw new Error('No answer');
  return body;
}

export function moveBooking(token: string, slotId: string): Promise<BookingResponse> {
  return apiRequest<BookingResponse>('POST', '/api/visit-bookings/manage/move', { token, slotId });
}

export function cancelBooking(token: string): Promise<BookingResponse> {
  return apiRequest<BookingResponse>('POST', '/api/visit-bookings/manage/cancel', { token });
}

/** The server's message for a person, or a plain one when the network failed. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? 'Something went wrong on our side. Please try again, or call us.';
  return 'We could not reach our server just now. Please check your connection and try again.';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Tuesday 1 December 2026' for a YYYY-MM-DD day, whatever the browser's time zone. */
export function longDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
