// The marketing-insights calls (staff spec section 7), typed by the shared contract.
import type { DailyReportResponse, RealtimeInsightsResponse, SendDailyResponse } from '@shared/insights-api';
import type { CompetitorAnalysisResponse } from '@shared/website-scraping-api';
import { southAfricanDay } from '@shared/sa-time';
import { apiRequest, getJson } from '../../../lib/api-client';

export async function fetchRealtimeInsights(signal?: AbortSignal): Promise<RealtimeInsightsResponse> {
  return (await getJson<RealtimeInsightsResponse>('/api/admin/insights/realtime', { signal }))!;
}

export async function fetchDailyReport(date: string, signal?: AbortSignal): Promise<DailyReportResponse> {
  return (await getJson<DailyReportResponse>(`/api/admin/insights/daily?date=${encodeURIComponent(date)}`, { signal }))!;
}

export function sendDailyReport(date: string): Promise<SendDailyResponse> {
  return apiRequest<SendDailyResponse>('POST', '/api/admin/insights/send-daily', { date });
}

/** Today in South Africa (UTC+2 all year), YYYY-MM-DD: the server's default report date. */
export function todayInSouthAfrica(now = Date.now()): string {
  return southAfricanDay(now);
}

/** POST /api/competitor-intelligence/analyze: no body (spec 7). */
export function runCompetitorAnalysis(): Promise<CompetitorAnalysisResponse> {
  return apiRequest<CompetitorAnalysisResponse>('POST', '/api/competitor-intelligence/analyze');
}
