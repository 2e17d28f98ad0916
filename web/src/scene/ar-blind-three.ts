// three.js pieces of the AR blind (ar-blind-canvas.tsx): shaded plane geometries and the hooks that
// load the swatch texture and place instanced slats, vanes and cells.
import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
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

/** Where one slat, vane or cell of a unit plane goes, in the blind's unit square. */
export interface PlacedInstance {
  /** Its centre (u, v). */
  at: [number, number];
  /** Turned about the blind's x axis (a slat's tilt) or y axis (a vane's turn), in radians. */
  turn?: { axis: 'x' | 'y'; angle: number };
  /** Its width and height; a negative width mirrors it. */
  size: [number, number];
  /** Grey multiplier of its colour; 1 (none) unless given. */
  shade?: number;
}

const AXES = { x: new THREE.Vector3(1, 0, 0), y: new THREE.Vector3(0, 1, 0) };

/**
 * One InstancedMesh per set of slats, vanes or cells (one draw call): a shaded plane (shadedPlane,
 * `shades` a constant), each instance where `place` puts it. Returns the mesh's ref and the geometry
 * for its <instancedMesh>; `deps` are what `place` reads (and the material, which makes a new mesh).
 */
export function useShadedInstances(
  shades: number[],
  axis: 'rows' | 'columns',
  count: number,
  place: (i: number) => PlacedInstance,
  deps: unknown[],
): { mesh: RefObject<THREE.InstancedMesh | null>; geometry: THREE.PlaneGeometry } {
  const geometry = useMemo(() => shadedPlane(shades, axis), [shades, axis]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const mesh = useRef<THREE.InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    const matrix = new THREE.Matrix4();
    const colour = new THREE.Color();
    const position = new THREE.Vector3();
    const rotation = new THREE.Quaternion();
    const scale = new THREE.Vector3();
    m.count = Math.min(count, MAX_INSTANCES);
    for (let i = 0; i < m.count; i++) {
      const { at, turn, size, shade = 1 } = place(i);
      position.set(at[0], at[1], 0);
      if (turn) rotation.setFromAxisAngle(AXES[turn.axis], turn.angle);
      else rotation.identity();
      scale.set(size[0], size[1], 1);
      m.setMatrixAt(i, matrix.compose(position, rotation, scale));
      m.setColorAt(i, colour.setScalar(shade));
    }
    m.instanceMatrix.needsUpdate = true;
    if (m.instanceColor) m.instanceColor.needsUpdate = true;
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, invalidate, geometry, ...deps]);
  return { mesh, geometry };
}
