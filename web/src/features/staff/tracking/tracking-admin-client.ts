// The staff tracking calls (staff spec section 7), typed by the shared contract.
import type {
  TrackingCorrectionRequest,
  TrackingCreateRequest,
  TrackingEntryDto,
  TrackingListResponse,
  TrackingUpdateRequest,
  TrackingWriteResponse,
} from '@shared/tracking-api';
import { apiRequest, getJson } from '../../../lib/api-client';

/** GET /api/tracking: every entry, the latest update first. */
export async function fetchTrackingEntries(signal?: AbortSignal): Promise<TrackingEntryDto[]> {
  return (await getJson<TrackingListResponse>('/api/tracking', { signal }))?.tracking ?? [];
}

/** POST /api/tracking */
export function createTrackingEntry(body: TrackingCreateRequest): Promise<TrackingWriteResponse> {
  return apiRequest<TrackingWriteResponse>('POST', '/api/tracking', body);
}

/** PUT /api/tracking/{id} */
export function updateTrackingEntry(id: string, body: TrackingUpdateRequest): Promise<TrackingWriteResponse> {
  return apiRequest<TrackingWriteResponse>('PUT', `/api/tracking/${encodeURIComponent(id)}`, body);
}

/** PATCH /api/tracking/{id}: correct a mistyped courier or tracking number (audited). */
export function correctTrackingEntry(id: string, body: TrackingCorrectionRequest): Promise<TrackingWriteResponse> {
  return apiRequest<TrackingWriteResponse>('PATCH', `/api/tracking/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/tracking/{id}: an entry published by mistake (audited). */
export function deleteTrackingEntry(id: string): Promise<{ success: true; message?: string } | null> {
  return apiRequest<{ success: true; message?: string } | null>('DELETE', `/api/tracking/${encodeURIComponent(id)}`);
}
