// The staff schedule of site-visit times (worker/routes/visit-schedule-admin.ts).
import type { StaffScheduleResponse, StaffSlot, VisitDayCreateRequest } from '@shared/visit-bookings-api';
import { ApiError, apiRequest, getJson } from '../../../lib/api-client';

export async function fetchSchedule(): Promise<StaffSlot[]> {
  const body = await getJson<StaffScheduleResponse>('/api/admin/visit-schedule');
  return body?.slots ?? [];
}

export function openDay(request: VisitDayCreateRequest): Promise<{ slots: StaffSlot[] }> {
  return apiRequest('POST', '/api/admin/visit-schedule/days', request);
}

export function changeCapacity(id: string, capacity: number): Promise<unknown> {
  return apiRequest('PATCH', `/api/admin/visit-schedule/slots/${encodeURIComponent(id)}`, { capacity });
}

export function removeSlot(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/visit-schedule/slots/${encodeURIComponent(id)}`);
}

export function reason(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 401) return 'Your staff session has ended. Sign in again with the PIN.';
  return err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
}
