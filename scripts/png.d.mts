// Types of scripts/png.mjs for the TypeScript tests that import it.
import type { ZlibOptions } from 'node:zlib';

export declare function rgbPngFile(width: number, height: number, scanlines: Buffer, deflate?: ZlibOptions): Buffer;
