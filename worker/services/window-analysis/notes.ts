// The words of an analysis: the notes shown with a measurement and the quality rating's findings.

import type { Sheet } from './sheet-shape';

export const HOW_TO =
  'Hold a plain white A4 sheet flat against the glass or the wall beside the window, with all four corners in view, and take the photo with the whole window in the frame.';

export const ESTIMATE_NOTES: Record<'no_reference' | 'reference_cut_off' | 'reference_not_a4', string> = {
  no_reference:
    'No A4 sheet was found, so these sizes are an estimate from the window\u2019s proportions and typical window sizes. ' +
    'Hold a plain white A4 sheet flat against the glass and take the photo straight on for a real measurement.',
  reference_cut_off:
    'The A4 sheet runs off the edge of the photo, so it could not be used and these sizes are only an estimate from the window\u2019s proportions. ' +
    HOW_TO,
  reference_not_a4:
    'A white sheet was found but its proportions are not those of an A4 sheet (it may be folded, partly hidden or another size), so these sizes are only an estimate. ' +
    HOW_TO,
};

export const DOUBT_NOTES: Record<
  'window_cut_off' | 'steep_angle' | 'reference_too_small' | 'implausible_size' | 'frame_edge_unclear' | 'reference_inconsistent',
  string
> = {
  reference_inconsistent:
    'The A4 sheet and the window do not line up as one flat wall (the sheet may be bent, not flat against the wall or glass, or something else was taken for the window), so the size is uncertain. ',
  frame_edge_unclear:
    'No frame could be told apart round the glass (a frame the same colour as the wall, or no frame), so this may be the size of the glass rather than of the outer frame. ',
  window_cut_off: 'The window runs off the edge of the photo, so part of it may be missing from this measurement. ',
  steep_angle: 'The photo was taken at a steep angle, so the correction for the perspective is not reliable. ',
  reference_too_small: 'The A4 sheet is very small in the photo, so the scale taken from it is rough. ',
  implausible_size:
    'The size measured is outside what a window or door can be, so something in the photo was probably mistaken for the window or the sheet. ',
};

export const NO_WINDOW_NOTE =
  'No window frame could be found in the photo, so these sizes are only a placeholder. ' +
  'Take the photo with the whole window in view, and hold a white A4 sheet against the glass for a real measurement.';

/** The quality rating's words for the A4 sheet search when no sheet could be used. */
export function sheetFinding(search: { sheet: Sheet | null; cutOff: boolean; notA4: boolean }): string {
  if (search.cutOff) return 'A4 sheet runs off the photo';
  if (search.notA4) return 'white sheet found, but not A4-shaped';
  return search.sheet ? 'A4 sheet found' : 'no A4 sheet found';
}

/** The quality rating's words for the window frame. */
export function frameFinding(cutOff: boolean, frameSeen: boolean): string {
  if (cutOff) return 'window runs off the photo';
  return frameSeen ? 'frame edges clear' : 'frame edges unclear: the size may be the glass';
}
