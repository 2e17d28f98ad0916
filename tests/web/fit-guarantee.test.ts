// What the customer reads about the fit guarantee beside a line (components/fit-guarantee-note.tsx)
// and the polygon tool's hand-off of a size measured from one real size (lib/quote-storage.ts).
import { describe, expect, it } from 'vitest';
import { lineFitGuarantee } from '../../web/src/components/fit-guarantee-note';
import { parseAutoMeasurements } from '../../web/src/lib/quote-storage';

const PHOTO = 'windows/session_1764000000000_abcdefghi/1764000000000.jpg';

describe('lineFitGuarantee', () => {
  it('a calculator line measured from a kept photo against a real size will be covered once it is confirmed', () => {
    expect(lineFitGuarantee({ size_source: 'scan-a4', photo_key: PHOTO })).toEqual({
      status: 'pending',
      text: 'Fit guarantee: measured with the A4 photo scan; covered once our team confirms the size from your photo.',
    });
    expect(lineFitGuarantee({ size_source: 'polygon-known', photo_key: PHOTO })?.status).toBe('pending');
  });

  it('says nothing for a typed size, an estimate, or a line without its photo', () => {
    for (const size_source of ['typed', 'polygon-estimate', 'scan-estimate', 'ar-typical', 'walkthrough-estimate'])
      expect(lineFitGuarantee({ size_source, photo_key: PHOTO })).toBeNull();
    expect(lineFitGuarantee({ size_source: 'scan-a4' })).toBeNull();
  });

  it("an order line follows the server's answer: covered after staff confirmed it, nothing when the server says so", () => {
    expect(lineFitGuarantee({ size_source: 'staff-confirmed', measured_size_source: 'polygon-known', fit_guarantee: 'covered' })).toEqual({
      status: 'covered',
      text: 'Fit guarantee: measured on your photo from a real size you gave us and confirmed by our team from your photo.',
    });
    // The server found no photo in storage: a client-side photo key does not make it eligible.
    expect(lineFitGuarantee({ size_source: 'scan-a4', photo_key: PHOTO, fit_guarantee: null })).toBeNull();
  });
});

describe('the polygon hand-off', () => {
  it("keeps 'polygon-known' and its photo as an estimate the team confirms", () => {
    expect(
      parseAutoMeasurements(
        JSON.stringify({ width_mm: 1500, drop_mm: 1620, estimated: true, size_source: 'polygon-known', photo_key: PHOTO }),
      ),
    ).toEqual({
      width_mm: 1500,
      drop_mm: 1620,
      estimated: true,
      size_source: 'polygon-known',
      photo_key: PHOTO,
    });
  });
});
