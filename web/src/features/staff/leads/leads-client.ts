// The staff leads API and the POPIA requests for any customer (worker/routes/leads-admin.ts) through
// the app's one request helper.
import type {
  FollowUpStatus,
  LeadDetailResponse,
  LeadListResponse,
  LeadNoteRequest,
  LeadNotesResponse,
  LeadUpdateRequest,
  LeadUpdateResponse,
  PersonalDataDeleteResponse,
} from '@shared/leads-api';
import type { PersonalDataApprovalRequest, PersonalDataPreview, PersonalDataPreviewRequest } from '@shared/popia-api';
import { apiRequest, getJson } from '../../../lib/api-client';
import { saveJsonFile } from '../../../lib/save-file';

export const LEADS_EXPORT_PATH = '/api/leads/export';

/** The list, filtered by status and by the search (name, phone in any spelling, e-mail, area, notes). */
export async function fetchLeads(status: FollowUpStatus | 'all', q = ''): Promise<LeadListResponse> {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  const data = await getJson<LeadListResponse>(query ? `/api/leads?${query}` : '/api/leads');
  return data!;
}

/** One lead with its notes history, its chat transcript and the photos sent in that chat. */
export async function fetchLeadDetail(id: string): Promise<LeadDetailResponse> {
  const data = await getJson<LeadDetailResponse>(`/api/leads/${encodeURIComponent(id)}`);
  return data!;
}

/** The lead's notes history, newest first. */
export async function fetchLeadNotes(id: string): Promise<LeadNotesResponse> {
  const data = await getJson<LeadNotesResponse>(`/api/leads/${encodeURIComponent(id)}/notes`);
  return data!;
}

/** One more entry of the lead's notes history; answers the whole history, newest first. */
export async function addLeadNote(id: string, text: string): Promise<LeadNotesResponse> {
  return apiRequest<LeadNotesResponse>('POST', `/api/leads/${encodeURIComponent(id)}/notes`, { text } satisfies LeadNoteRequest);
}

/** Where a data request is sent: a lead row's own, or any customer's found by e-mail or phone (leadId null). */
const requestBase = (id: string | null) =>
  id === null ? '/api/admin/personal-data' : `/api/leads/${encodeURIComponent(id)}/personal-data`;
const exportFileName = (id: string | null) => `personal-data-${id ?? new Date().toISOString().slice(0, 10)}.json`;

export async function updateLead(id: string, change: LeadUpdateRequest): Promise<LeadUpdateResponse> {
  return apiRequest<LeadUpdateResponse>('PATCH', `/api/leads/${encodeURIComponent(id)}`, change);
}

/** Data request, step 1: the records the verified identifier matches, and a token approving exactly them. */
export async function previewPersonalData(id: string | null, request: PersonalDataPreviewRequest): Promise<PersonalDataPreview> {
  return apiRequest<PersonalDataPreview>('POST', `${requestBase(id)}/preview`, request);
}

/** Data request, step 2 (export): the approved records as one JSON document, saved as personal-data-<id or date>.json. */
export async function downloadPersonalData(id: string | null, token: string): Promise<string> {
  const data = await apiRequest<unknown>('POST', `${requestBase(id)}/export`, {
    token,
  } satisfies PersonalDataApprovalRequest);
  const fileName = exportFileName(id);
  saveJsonFile(data, fileName);
  return fileName;
}

/** Data request, step 2 (delete): exactly the approved records. */
export async function deletePersonalData(id: string | null, token: string): Promise<PersonalDataDeleteResponse> {
  return apiRequest<PersonalDataDeleteResponse>('POST', `${requestBase(id)}/delete`, {
    token,
  } satisfies PersonalDataApprovalRequest);
}
