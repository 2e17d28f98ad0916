// Inverse DCT straight to a reduced size (the idea of libjpeg's scaled IDCTs): an N x N output from the
// N x N lowest-frequency coefficients is the 8 x 8 IDCT sampled at the centres of N x N cells, so a
// 1/2, 1/4 or 1/8 image costs a fraction of a full decode and never exists at full size.

/** Output samples per block side: 8 (full size), 4 (1/2), 2 (1/4) or 1 (1/8: the DC coefficient only). */
export type BlockSize = 1 | 2 | 4 | 8;

/** basis[n][i * n + u] = C(u)/2 * cos((2i + 1) u pi / 2n): the 8-point IDCT evaluated at output i of n. */
const BASIS: Record<BlockSize, Float32Array> = { 1: basis(1), 2: basis(2), 4: basis(4), 8: basis(8) };

function basis(n: number): Float32Array {
  const table = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let u = 0; u < n; u++) table[i * n + u] = ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * i + 1) * u * Math.PI) / (2 * n));
  }
  return table;
}

/** Which of the 64 coefficients (natural order) an n x n output needs: row < n and column < n. */
export function keptCoefficients(n: BlockSize): Uint8Array {
  const keep = new Uint8Array(64);
  for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) keep[row * 8 + col] = 1;
  return keep;
}

const clampByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0);

/**
 * Writes the n x n samples of one block to `out` at (x0, y0). `coef` holds dequantised coefficients in
 * natural (row-major) order, only the kept ones set; `hasAc` false means a flat block (DC only).
 */
export function inverseDct(
  coef: Float32Array,
  n: BlockSize,
  hasAc: boolean,
  out: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  scratch: Float32Array,
): void {
  if (!hasAc || n === 1) {
    // Flat block: every sample is DC / 8 (+128 level shift, A.3.1).
    const v = clampByte(coef[0]! / 8 + 128);
    for (let y = 0; y < n; y++) out.fill(v, (y0 + y) * stride + x0, (y0 + y) * stride + x0 + n);
    return;
  }
  const t = BASIS[n];
  // Rows: horizontal frequencies to n output columns.
  for (let v = 0; v < n; v++) {
    const row = v * 8;
    for (let x = 0; x < n; x++) {
      let s = 0;
      for (let u = 0; u < n; u++) s += coef[row + u]! * t[x * n + u]!;
      scratch[row + x] = s;
    }
  }
  // Columns: vertical frequencies to n output rows.
  for (let y = 0; y < n; y++) {
    const line = (y0 + y) * stride + x0;
    for (let x = 0; x < n; x++) {
      let s = 0;
      for (let v = 0; v < n; v++) s += scratch[v * 8 + x]! * t[y * n + v]!;
      out[line + x] = clampByte(s + 128);
    }
  }
}
