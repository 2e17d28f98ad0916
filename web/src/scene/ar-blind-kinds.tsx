// The parts of each kind of blind in the AR preview (ar-blind-canvas.tsx), built in the unit square
// (u right, v down): rails, then slats, fabric, bands, vanes or cells.
import { useEffect, useMemo } from 'react';
import * as THREE from 'three';
import {
  coveredFraction,
  honeycombCells,
  slatInstances,
  vaneInstances,
  zebraBands,
  ZEBRA_SHEER_ALPHA,
  type ArProduct,
} from './blind-geometry';
import type { Quad } from './homography';
import { bandPlane, MAX_INSTANCES, shadedPlane, useShadedInstances } from './ar-blind-three';

export interface ArBlindCanvasProps {
  imageWidth: number;
  imageHeight: number;
  /** The four corners in image pixels: top-left, top-right, bottom-right, bottom-left. */
  quad: Quad;
  product: ArProduct;
  colourHex: string;
  /** The swatch PNG; the hex is used until (or if not) it loads. */
  swatchUrl: string | null;
  widthMm: number;
  dropMm: number;
  percentDown: number;
  tiltDegrees: number;
  vaneDegrees: number;
}

interface PartProps extends ArBlindCanvasProps {
  material: THREE.Material;
  railMaterial: THREE.Material;
}

/** A rail (headrail, bottom bar, roller tube) across the blind from v0 to v1. */
function Rail({
  v0,
  v1,
  material,
  shades,
  u0 = 0,
  u1 = 1,
  order = 2,
}: {
  v0: number;
  v1: number;
  material: THREE.Material;
  shades: number[];
  u0?: number;
  u1?: number;
  order?: number;
}) {
  const geometry = useMemo(() => shadedPlane(shades, 'rows'), [shades]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh
      geometry={geometry}
      material={material}
      position={[(u0 + u1) / 2, (v0 + v1) / 2, 0.001]}
      scale={[u1 - u0, v1 - v0, 1]}
      renderOrder={order}
      frustumCulled={false}
    />
  );
}

const HEADRAIL_SHADES = [0.78, 1, 0.95, 0.82, 0.62];
const BAR_SHADES = [0.7, 0.95, 0.8, 0.55];
const TUBE_SHADES = [0.55, 0.85, 1, 0.9, 0.6];
/** A slat's crown catches the light, its lower edge falls into shadow. */
const SLAT_SHADES = [1.04, 1, 0.9, 0.78, 0.62];
/** A vane's curve: light down one edge, shade down the other (mirrored by the turn's direction). */
const VANE_SHADES = [0.62, 0.85, 1, 0.97, 0.8];
/** Each cell is a soft pleat: bright across its middle, shaded into the crease above and below. */
const CELL_SHADES = [0.7, 0.92, 1, 0.96, 0.74];

export function Venetian({ dropMm, percentDown, tiltDegrees, product, material, railMaterial }: PartProps) {
  const slatWidth = product.slatWidthMm ?? 25;
  const slats = useMemo(() => slatInstances(dropMm, slatWidth, percentDown, tiltDegrees), [dropMm, slatWidth, percentDown, tiltDegrees]);
  const { mesh, geometry } = useShadedInstances(
    SLAT_SHADES,
    'rows',
    slats.length,
    (i) => {
      const s = slats[i]!;
      // Open slats turn their faces from the room: a touch darker.
      return { at: [0.5, s.v], turn: { axis: 'x', angle: s.tilt }, size: [1, s.height], shade: 0.8 + 0.2 * Math.cos(s.tilt) };
    },
    [slats, material],
  );
  const covered = coveredFraction(percentDown);
  const barTop = Math.max(0.012, covered - 0.006);
  const ladderShades = useMemo(() => [0.7, 0.7], []);
  return (
    <>
      {[0.12, 0.5, 0.88].map((u) => (
        <Rail key={u} u0={u - 0.003} u1={u + 0.003} v0={0} v1={barTop} material={railMaterial} shades={ladderShades} order={0} />
      ))}
      <instancedMesh ref={mesh} args={[geometry, material, MAX_INSTANCES]} renderOrder={1} frustumCulled={false} />
      <Rail v0={-0.035} v1={0.012} material={railMaterial} shades={HEADRAIL_SHADES} />
      <Rail v0={barTop} v1={barTop + 0.016} material={railMaterial} shades={BAR_SHADES} />
    </>
  );
}

export function Roller({ percentDown, material, railMaterial }: PartProps) {
  const covered = coveredFraction(percentDown);
  // Fabric: lit from the window above, a gentle fall-off towards the hem.
  const fabricShades = useMemo(() => [1, 0.98, 0.95, 0.92, 0.9], []);
  return (
    <>
      {covered > 0 && <Rail v0={0} v1={covered} material={material} shades={fabricShades} order={1} />}
      <Rail v0={-0.04} v1={0.01} material={railMaterial} shades={TUBE_SHADES} />
      <Rail v0={Math.max(0.01, covered - 0.008)} v1={Math.max(0.01, covered - 0.008) + 0.018} material={railMaterial} shades={BAR_SHADES} />
    </>
  );
}

/** Zebra (double roller): 8 bands, alternately the fabric's own opacity and sheer. */
export function Zebra({ percentDown, material, railMaterial }: PartProps) {
  const bands = useMemo(() => zebraBands(percentDown), [percentDown]);
  const opaque = useMemo(() => bandPlane(1), []);
  const sheer = useMemo(() => bandPlane(ZEBRA_SHEER_ALPHA), []);
  useEffect(() => () => opaque.dispose(), [opaque]);
  useEffect(() => () => sheer.dispose(), [sheer]);
  const covered = coveredFraction(percentDown);
  return (
    <>
      {bands.map((band) => (
        <mesh
          key={band.v0}
          geometry={band.opaque ? opaque : sheer}
          material={material}
          position={[0.5, (band.v0 + band.v1) / 2, 0]}
          scale={[1, band.v1 - band.v0, 1]}
          renderOrder={1}
          frustumCulled={false}
        />
      ))}
      <Rail v0={-0.04} v1={0.01} material={railMaterial} shades={TUBE_SHADES} />
      <Rail v0={Math.max(0.01, covered - 0.008)} v1={Math.max(0.01, covered - 0.008) + 0.018} material={railMaterial} shades={BAR_SHADES} />
    </>
  );
}

export function Verticals({ widthMm, percentDown, vaneDegrees, material, railMaterial }: PartProps) {
  const vanes = useMemo(() => vaneInstances(widthMm, percentDown, vaneDegrees), [widthMm, percentDown, vaneDegrees]);
  const { mesh, geometry } = useShadedInstances(
    VANE_SHADES,
    'columns',
    vanes.length,
    (i) => {
      const v = vanes[i]!;
      const width = v.turn < 0 ? -v.width : v.width;
      return { at: [v.u, 0.5], turn: { axis: 'y', angle: v.turn }, size: [width, 0.985], shade: 0.82 + 0.18 * Math.cos(v.turn) };
    },
    [vanes, material],
  );
  return (
    <>
      <instancedMesh ref={mesh} args={[geometry, material, MAX_INSTANCES]} renderOrder={1} frustumCulled={false} />
      <Rail v0={-0.03} v1={0.012} material={railMaterial} shades={HEADRAIL_SHADES} />
    </>
  );
}

export function Honeycomb({ dropMm, percentDown, material, railMaterial }: PartProps) {
  const cells = useMemo(() => honeycombCells(dropMm, percentDown), [dropMm, percentDown]);
  const { mesh, geometry } = useShadedInstances(
    CELL_SHADES,
    'rows',
    cells.length,
    (i) => ({ at: [0.5, cells[i]!.v], size: [1, cells[i]!.height] }),
    [cells, material],
  );
  const covered = coveredFraction(percentDown);
  return (
    <>
      <instancedMesh ref={mesh} args={[geometry, material, MAX_INSTANCES]} renderOrder={1} frustumCulled={false} />
      <Rail v0={-0.03} v1={0.01} material={railMaterial} shades={HEADRAIL_SHADES} />
      <Rail v0={Math.max(0.01, covered - 0.006)} v1={Math.max(0.01, covered - 0.006) + 0.016} material={railMaterial} shades={BAR_SHADES} />
    </>
  );
}
