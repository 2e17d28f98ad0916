// three.js pieces of the AR blind (ar-blind-canvas.tsx): shaded plane geometries and the hooks that
// load the swatch texture and place instanced slats, vanes and cells.
import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import * as THREE from 'three';

/** Instances per InstancedMesh: more slats, vanes or cells than a blind can have. */
export const MAX_INSTANCES = 512;

/** Loads the swatch PNG as a repeating sRGB texture; disposes it when the swatch changes. */
export function useSwatchTexture(url: string | null): THREE.Texture | null {
  const invalidate = useThree((s) => s.invalidate);
  const [texture, setTexture] = useState<THREE.Texture | null>(null);
  useEffect(() => {
    setTexture(null);
    if (!url) return;
    let cancelled = false;
    let loaded: THREE.Texture | null = null;
    new THREE.TextureLoader().load(
      url,
      (t) => {
        if (cancelled) {
          t.dispose();
          return;
        }
        t.colorSpace = THREE.SRGBColorSpace;
        t.wrapS = t.wrapT = THREE.RepeatWrapping;
        t.anisotropy = 4;
        loaded = t;
        setTexture(t);
        invalidate();
      },
      undefined,
      () => {
        // The hex colour stands in.
      },
    );
    return () => {
      cancelled = true;
      loaded?.dispose();
    };
  }, [url, invalidate]);
  return texture;
}

/**
 * A 1x1 plane centred on the origin whose vertices carry a shade (vertex colour), given from the
 * top of the screen to the bottom (rows) or left to right (columns). Screen-down is +y here.
 */
export function shadedPlane(shades: number[], axis: 'rows' | 'columns'): THREE.PlaneGeometry {
  const segments = shades.length - 1;
  const geometry = axis === 'rows' ? new THREE.PlaneGeometry(1, 1, 1, segments) : new THREE.PlaneGeometry(1, 1, segments, 1);
  const pos = geometry.getAttribute('position');
  const colours = new Float32Array(pos.count * 3);
  for (let i = 0; i < pos.count; i++) {
    // Rows: local y = -0.5 is the top of the screen (v grows downwards).
    const t = axis === 'rows' ? pos.getY(i) + 0.5 : pos.getX(i) + 0.5;
    const s = shades[Math.round(t * segments)]!;
    colours.set([s, s, s], i * 3);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return geometry;
}

/** RGBA vertex colours: three.js multiplies a vertex's alpha into the material's opacity. */
export function bandPlane(alpha: number): THREE.PlaneGeometry {
  const geometry = new THREE.PlaneGeometry(1, 1, 1, 1);
  const count = geometry.getAttribute('position').count;
  const colours = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) colours.set([1, 1, 1, alpha], i * 4);
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 4));
  return geometry;
}

/**
 * One InstancedMesh per set of slats (one draw call): matrices from `place` for each instance.
 */
export function useInstances(
  mesh: RefObject<THREE.InstancedMesh | null>,
  count: number,
  place: (i: number, m: THREE.Matrix4, c: THREE.Color) => void,
  deps: unknown[],
) {
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    const matrix = new THREE.Matrix4();
    const colour = new THREE.Color();
    m.count = Math.min(count, MAX_INSTANCES);
    for (let i = 0; i < m.count; i++) {
      colour.setRGB(1, 1, 1);
      place(i, matrix, colour);
      m.setMatrixAt(i, matrix);
      m.setColorAt(i, colour);
    }
    m.instanceMatrix.needsUpdate = true;
    if (m.instanceColor) m.instanceColor.needsUpdate = true;
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, invalidate, ...deps]);
}
