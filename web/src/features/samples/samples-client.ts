// The customer's side of free samples (worker/routes/samples.ts).
import type { SampleRequest, SampleRequestResponse } from '@shared/samples-api';
import { ApiError, apiRequest } from '../../lib/api-client';

export function requestSamples(request: SampleRequest): Promise<SampleRequestResponse> {
  return apiRequest<SampleRequestResponse>('POST', '/api/samples', request);
}

/** The server's message for a person, or a plain one when the network failed. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? 'Something went wrong on our side. Please try again, or call us.';
  return 'We could not reach our server just now. Please check your connection and try again.';
}
