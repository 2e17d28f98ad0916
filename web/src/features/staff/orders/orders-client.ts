// The staff orders API (worker/shared/admin-orders-api.ts) through the app's one request helper.
import type {
  AdminOrderResponse,
  AdminOrdersListResponse,
  LineSizeCorrectionRequest,
  ManualPaymentRequest,
  ManualRefundRequest,
  OrderDispatchRequest,
  OrderStatusChangeRequest,
  StaffOrderCreateRequest,
} from '@shared/admin-orders-api';
import type { ProductColoursResponse } from '@shared/catalogue-api';
import type { LeadDto, LeadListResponse } from '@shared/leads-api';
import { apiRequest, getJson } from '../../../lib/api-client';
import { ordersListPath, type OrderFilters } from './orders-model';

const orderPath = (reference: string) => `/api/admin/orders/${encodeURIComponent(reference)}`;

/** GET /api/admin/orders: one page, newest first. */
export async function fetchOrders(filters: OrderFilters, cursor: string | null, signal?: AbortSignal): Promise<AdminOrdersListResponse> {
  return (await getJson<AdminOrdersListResponse>(ordersListPath(filters, cursor), { signal }))!;
}

/** GET /api/admin/orders/{reference}: the whole order (the server audits the view). */
export async function fetchOrder(reference: string, signal?: AbortSignal): Promise<AdminOrderResponse> {
  return (await getJson<AdminOrderResponse>(orderPath(reference), { signal }))!;
}

/** POST /api/admin/orders/{reference}/status */
export function changeOrderStatus(reference: string, body: OrderStatusChangeRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('POST', `${orderPath(reference)}/status`, body);
}

/** PATCH /api/admin/orders/{reference}/lines/{lineNo}: the server re-prices the line. */
export function correctLineSize(reference: string, lineNo: number, body: LineSizeCorrectionRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('PATCH', `${orderPath(reference)}/lines/${lineNo}`, body);
}

/** POST /api/admin/orders/{reference}/dispatch: 'dispatched' and the tracking entry in one batch. */
export function dispatchOrder(reference: string, body: OrderDispatchRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('POST', `${orderPath(reference)}/dispatch`, body);
}

/** POST /api/admin/orders/{reference}/payments: money received outside the card gateways. */
export function recordPayment(reference: string, body: ManualPaymentRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('POST', `${orderPath(reference)}/payments`, body);
}

/** POST /api/admin/orders/{reference}/refunds: money given back that no gateway reports. */
export function recordRefund(reference: string, body: ManualRefundRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('POST', `${orderPath(reference)}/refunds`, body);
}

/** POST /api/admin/orders: an order taken by phone, on a site visit or in person. */
export function createStaffOrder(body: StaffOrderCreateRequest): Promise<AdminOrderResponse> {
  return apiRequest<AdminOrderResponse>('POST', '/api/admin/orders', body);
}

/** GET /api/products/colours: every product with its colours, for the order form's lines. */
export async function fetchProductsWithColours(signal?: AbortSignal): Promise<ProductColoursResponse['products']> {
  return (await getJson<ProductColoursResponse>('/api/products/colours', { signal }))?.products ?? [];
}

/** The lead an order is made from, read through the staff leads API the /leads page uses. */
export async function fetchLead(id: string, signal?: AbortSignal): Promise<LeadDto | null> {
  const data = await getJson<LeadListResponse>('/api/leads', { signal });
  return data?.leads.find((lead) => lead.id === id) ?? null;
}
