// The staff leads API (worker/routes/leads-admin.ts) through the app's one request helper.
import type {
  FollowUpStatus,
  LeadListResponse,
  LeadUpdateRequest,
  LeadUpdateResponse,
  PersonalDataDeleteResponse,
} from '@shared/leads-api';
import type { PersonalDataApprovalRequest, PersonalDataPreview, PersonalDataPreviewRequest } from '@shared/popia-api';
import { apiRequest, getJson } from '../../../lib/api-client';

export const LEADS_EXPORT_PATH = '/api/leads/export';

export async function fetchLeads(status: FollowUpStatus | 'all'): Promise<LeadListResponse> {
  const data = await getJson<LeadListResponse>(status === 'all' ? '/api/leads' : `/api/leads?status=${status}`);
  return data!;
}

export async function updateLead(id: string, change: LeadUpdateRequest): Promise<LeadUpdateResponse> {
  return apiRequest<LeadUpdateResponse>('PATCH', `/api/leads/${encodeURIComponent(id)}`, change);
}

/** Data request, step 1: the records the verified identifier matches, and a token approving exactly them. */
export async function previewPersonalData(id: string, request: PersonalDataPreviewRequest): Promise<PersonalDataPreview> {
  return apiRequest<PersonalDataPreview>('POST', `/api/leads/${encodeURIComponent(id)}/personal-data/preview`, request);
}

/** Data request, step 2 (export): the approved records as one JSON document, saved as personal-data-<id>.json. */
export async function downloadPersonalData(id: string, token: string): Promise<void> {
  const data = await apiRequest<unknown>('POST', `/api/leads/${encodeURIComponent(id)}/personal-data/export`, {
    token,
  } satisfies PersonalDataApprovalRequest);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Data request, step 2 (delete): exactly the approved records. */
export async function deletePersonalData(id: string, token: string): Promise<PersonalDataDeleteResponse> {
  return apiRequest<PersonalDataDeleteResponse>('POST', `/api/leads/${encodeURIComponent(id)}/personal-data/delete`, {
    token,
  } satisfies PersonalDataApprovalRequest);
}
