// The outdoor colour calls (staff spec section 7), typed by the shared contract.
import { UPLOAD_COLOURS_FIELDS, type OutdoorColoursResponse, type UploadColoursResponse } from '@shared/outdoor-colours-api';
import { getJson } from '../../../lib/api-client';
import { postForm } from '../../../lib/api-upload';

/** GET /api/outdoor-blinds/colours (public). */
export async function fetchOutdoorColours(signal?: AbortSignal): Promise<OutdoorColoursResponse | null> {
  return getJson<OutdoorColoursResponse>('/api/outdoor-blinds/colours', { signal });
}

/** POST /api/outdoor-blinds/upload-colours: multipart colorDocument + replaceAll ('true' or 'false'). */
export async function uploadOutdoorColours(document: File, replaceAll: boolean): Promise<UploadColoursResponse> {
  const form = new FormData();
  form.append(UPLOAD_COLOURS_FIELDS.document, document, document.name);
  form.append(UPLOAD_COLOURS_FIELDS.replaceAll, String(replaceAll));
  return postForm<UploadColoursResponse>('/api/outdoor-blinds/upload-colours', form);
}

/** Spec section 5: only .doc or .docx are offered for upload (the server checks the bytes too). */
export function isWordFileName(name: string): boolean {
  return /\.docx?$/i.test(name);
}
