// Every swatch on the site is drawn by the server from the supplier's colour value (hex)
// and a material pattern (worker/services/swatch-texture.ts), not photographed. Wherever swatches
// are shown, and when the consultant lists colours, the customer is told so in these words.
// No imports: the web bundle includes this file.

export const SWATCH_NOTE =
  "Swatches are drawn from the supplier's colour values, not photographs of the material. Screens differ, so ask us for a physical sample before you decide.";
