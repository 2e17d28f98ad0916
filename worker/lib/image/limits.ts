// How big a photo may be. A Worker has 128 MB: the size is checked from the header before anything is
// decoded, and decoders reduce as they go so that no full-size bitmap of a large photo is ever held.

/** Refused with 413 above this many pixels (a 50 MP camera still fits)... */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** ...or above this many pixels on either side (panoramas and decompression bombs). */
export const MAX_IMAGE_SIDE = 12_000;
/** Decoded photos are reduced to at most this many pixels: the analysis works at ~320 px, colours on a 64 x 64 grid. */
export const MAX_DECODED_PIXELS = 2_000_000;
