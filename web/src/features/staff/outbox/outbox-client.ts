// The staff outbox calls (DESIGN.md section 7 'transactional outbox'), typed by the shared contract.
import type { OutboxListResponse, OutboxMessageResponse, OutboxStatus } from '@shared/outbox-api';
import { OUTBOX_STATUSES } from '@shared/outbox-api';
import { apiRequest, getJson } from '../../../lib/api-client';

export interface OutboxFilter {
  status: OutboxStatus | '';
  q: string;
  from: string;
  to: string;
}

export const EMPTY_FILTER: OutboxFilter = { status: '', q: '', from: '', to: '' };

/** The filter the screen's address carries (?status=failed&q=CB-…&from=…&to=…); unknown values are dropped. */
export function filterFromParams(params: URLSearchParams): OutboxFilter {
  const status = params.get('status') ?? '';
  return {
    status: (OUTBOX_STATUSES as readonly string[]).includes(status) ? (status as OutboxStatus) : '',
    q: params.get('q')?.trim() ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** The query string of a filter: only the parts that are set, in a fixed order. */
export function filterQuery(filter: OutboxFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params.toString();
}

/** GET /api/admin/outbox with the filter. */
export async function fetchOutbox(filter: OutboxFilter, signal?: AbortSignal): Promise<OutboxListResponse | null> {
  const query = filterQuery(filter);
  return getJson<OutboxListResponse>(`/api/admin/outbox${query ? `?${query}` : ''}`, { signal });
}

/** GET /api/admin/outbox/{id}: one message with its bodies. */
export async function fetchOutboxMessage(id: number, signal?: AbortSignal): Promise<OutboxMessageResponse | null> {
  return getJson<OutboxMessageResponse>(`/api/admin/outbox/${id}`, { signal });
}

/** The message as its recipient sees it, for a sandboxed frame. */
export const outboxHtmlUrl = (id: number) => `/api/admin/outbox/${id}/html`;

/** POST /api/admin/outbox/{id}/retry: a failed message back in the queue (audited). */
export function retryOutboxMessage(id: number): Promise<OutboxMessageResponse> {
  return apiRequest<OutboxMessageResponse>('POST', `/api/admin/outbox/${id}/retry`);
}

export const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  erased: 'Withdrawn (POPIA deletion)',
};
