// Shapes of the outdoor blinds colour endpoints (staff spec 3 'Outdoor colours', 7), read by the web client.

export interface OutdoorColour {
  name: string;
  hex: string;
  material: string;
  finish: string;
  description: string;
  /** A swatch drawn from the hex (canvas texture), served by this site; null if there is none. */
  imageUrl: string | null;
}

export interface OutdoorColoursResponse {
  success: true;
  colours: OutdoorColour[];
  /** When the range was last uploaded; null while the storefront still offers the seed's set. */
  lastUpdated: string | null;
  /** The uploaded document's file name, or 'seed'. */
  source: string;
}

export interface SkippedLine {
  line: number;
  text: string;
  /** e.g. "line 7: no #RRGGBB hex code", "line 9: duplicate of Charcoal" */
  reason: string;
}

export interface UploadColoursResponse {
  success: true;
  message: string;
  colorsAdded: number;
  totalColors: number;
  /** The colours of this upload, as stored. */
  colours: OutdoorColour[];
  skipped: SkippedLine[];
}

/** The spec's multipart field names (staff spec section 7). */
export const UPLOAD_COLOURS_FIELDS = { document: 'colorDocument', replaceAll: 'replaceAll' } as const;

export const INVALID_FILE_TYPE_MESSAGE = 'Invalid File Type - Please select a Word document (.doc or .docx)';
