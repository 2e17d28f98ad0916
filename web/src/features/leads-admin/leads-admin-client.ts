// The staff leads API (worker/routes/leads-admin.ts) through the app's one request helper.
import type { FollowUpStatus, LeadListResponse, LeadUpdateRequest, LeadUpdateResponse, PersonalDataDeleteResponse } from '../../../../worker/shared/leads-api';
import { apiRequest, getJson } from '../../lib/api-client';

export const LEADS_EXPORT_PATH = '/api/leads/export';

export async function fetchLeads(status: FollowUpStatus | 'all'): Promise<LeadListResponse> {
  const data = await getJson<LeadListResponse>(status === 'all' ? '/api/leads' : `/api/leads?status=${status}`);
  return data!;
}

export async function updateLead(id: string, change: LeadUpdateRequest): Promise<LeadUpdateResponse> {
  return apiRequest<LeadUpdateResponse>('PATCH', `/api/leads/${encodeURIComponent(id)}`, change);
}

/** POPIA export: the JSON document, saved by the browser as personal-data-<id>.json. */
export async function downloadPersonalData(id: string): Promise<void> {
  const data = await getJson<unknown>(`/api/leads/${encodeURIComponent(id)}/personal-data`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function deletePersonalData(id: string): Promise<PersonalDataDeleteResponse> {
  return apiRequest<PersonalDataDeleteResponse>('DELETE', `/api/leads/${encodeURIComponent(id)}/personal-data`);
}
