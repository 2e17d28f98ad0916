// EXIF orientation (TIFF tag 0x0112 in IFD0 of the APP1 'Exif' segment): phones store the sensor's
// pixels unrotated and say here how to turn them upright.

const ORIENTATION_TAG = 0x0112;

/** Orientation 1..8 from an APP1 segment's payload (`bytes[start..end)`); 1 (upright) when absent or unreadable. */
export function readExifOrientation(bytes: Uint8Array, start: number, end: number): number {
  // "Exif\0\0" then a TIFF header: byte order ('II' little-endian or 'MM' big-endian), 42, offset of IFD0.
  if (end - start < 14) return 1;
  if (bytes[start] !== 0x45 || bytes[start + 1] !== 0x78 || bytes[start + 2] !== 0x69 || bytes[start + 3] !== 0x66) return 1;
  const tiff = start + 6;
  const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49;
  if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return 1;
  const u16 = (at: number) => (little ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!);
  const u32 = (at: number) => (little ? u16(at) + u16(at + 2) * 65536 : u16(at) * 65536 + u16(at + 2));
  if (u16(tiff + 2) !== 42) return 1;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
    const value = u16(entry + 8);
    return u16(entry + 2) === 3 && value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
