// The WebGL half of the AR preview: loaded only by /ar-measurement (React.lazy), so three.js never
// reaches another page. An orthographic camera in image pixels sits over the photo (the photo is
// the page's <img> under this transparent canvas); the blind is built in the unit square and drawn
// in perspective onto the tapped corners by the homography, set as its group's matrix.
import { Canvas, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { homographyMatrix4, unitSquareToQuad, type Quad } from './homography';
import {
  honeycombCells,
  opacityFor,
  slatInstances,
  swatchRepeat,
  vaneInstances,
  coveredFraction,
  type ArProduct,
  zebraBands,
  ZEBRA_SHEER_ALPHA,
} from './blind-geometry';

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

export default function ArBlindCanvas(props: ArBlindCanvasProps) {
  return (
    <Canvas
      className="ar-canvas"
      frameloop="demand"
      flat
      orthographic
      dpr={[1, 2]}
      camera={{ manual: true, position: [0, 0, 100], near: 0.1, far: 1000 }}
      gl={{ preserveDrawingBuffer: true, alpha: true, antialias: true, powerPreference: 'low-power' }}
      role="img"
      aria-label="AR preview of the blind on your photo"
    >
      <PixelCamera width={props.imageWidth} height={props.imageHeight} />
      <Blind {...props} />
    </Canvas>
  );
}

/** Image pixels: x right 0..width, y down 0..height. */
function PixelCamera({ width, height }: { width: number; height: number }) {
  const camera = useThree((s) => s.camera) as THREE.OrthographicCamera;
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    camera.left = 0;
    camera.right = width;
    camera.top = 0;
    camera.bottom = height;
    camera.updateProjectionMatrix();
    invalidate();
  }, [camera, width, height, invalidate]);
  return null;
}

/** Loads the swatch PNG as a repeating sRGB texture; disposes it when the swatch changes. */
function useSwatchTexture(url: string | null): THREE.Texture | null {
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
function shadedPlane(shades: number[], axis: 'rows' | 'columns'): THREE.PlaneGeometry {
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

const MAX_INSTANCES = 512;

function Blind(props: ArBlindCanvasProps) {
  const { quad, product } = props;
  const group = useRef<THREE.Group>(null);
  const invalidate = useThree((s) => s.invalidate);
  const texture = useSwatchTexture(props.swatchUrl);

  useLayoutEffect(() => {
    const h = unitSquareToQuad(quad);
    const g = group.current;
    if (!g) return;
    g.visible = h !== null;
    if (h) g.matrix.fromArray(homographyMatrix4(h));
    g.matrixWorldNeedsUpdate = true;
    invalidate();
  }, [quad, invalidate]);

  // Belt and braces for the on-demand loop: one more frame after any change has been committed.
  useEffect(() => {
    const frame = requestAnimationFrame(() => invalidate());
    return () => cancelAnimationFrame(frame);
  });

  const opacity = opacityFor(product.id);
  const material = useMemo(() => {
    const m = new THREE.MeshBasicMaterial({
      vertexColors: true,
      side: THREE.DoubleSide,
      // Everything draws in one (transparent) list, ordered by renderOrder: ladders, slats, rails.
      transparent: true,
      opacity,
      depthTest: false,
      depthWrite: false,
    });
    return m;
  }, [opacity]);
  const railMaterial = useMemo(
    () =>
      new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.DoubleSide, transparent: true, depthTest: false, depthWrite: false }),
    [],
  );
  useEffect(() => () => material.dispose(), [material]);
  useEffect(() => () => railMaterial.dispose(), [railMaterial]);

  // Colour and swatch texture: the texture carries the colour, the hex stands in without one.
  useLayoutEffect(() => {
    material.map = texture;
    material.color.set(texture ? '#ffffff' : props.colourHex);
    railMaterial.color.set(props.colourHex).multiplyScalar(0.92);
    material.needsUpdate = true;
    if (texture) texture.repeat.set(...swatchRepeat(product, props.widthMm, props.dropMm, props.percentDown));
    invalidate();
  }, [material, railMaterial, texture, props.colourHex, product, props.widthMm, props.dropMm, props.percentDown, invalidate]);

  return (
    <group ref={group} matrixAutoUpdate={false}>
      {product.kind === 'venetian' && <Venetian {...props} material={material} railMaterial={railMaterial} />}
      {(product.kind === 'roller' || product.kind === 'outdoor') && <Roller {...props} material={material} railMaterial={railMaterial} />}
      {product.kind === 'vertical' && <Verticals {...props} material={material} railMaterial={railMaterial} />}
      {product.kind === 'honeycomb' && <Honeycomb {...props} material={material} railMaterial={railMaterial} />}
      {product.kind === 'zebra' && <Zebra {...props} material={material} railMaterial={railMaterial} />}
    </group>
  );
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

/**
 * One InstancedMesh per set of slats (one draw call): matrices from `place` for each instance.
 */
function useInstances(
  mesh: React.RefObject<THREE.InstancedMesh | null>,
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

const position = new THREE.Vector3();
const rotation = new THREE.Quaternion();
const scale = new THREE.Vector3();
const X_AXIS = new THREE.Vector3(1, 0, 0);
const Y_AXIS = new THREE.Vector3(0, 1, 0);

function Venetian({ dropMm, percentDown, tiltDegrees, product, material, railMaterial }: PartProps) {
  const slatWidth = product.slatWidthMm ?? 25;
  const slats = useMemo(() => slatInstances(dropMm, slatWidth, percentDown, tiltDegrees), [dropMm, slatWidth, percentDown, tiltDegrees]);
  // A slat's crown catches the light, its lower edge falls into shadow.
  const geometry = useMemo(() => shadedPlane([1.04, 1, 0.9, 0.78, 0.62], 'rows'), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const mesh = useRef<THREE.InstancedMesh>(null);
  useInstances(
    mesh,
    slats.length,
    (i, m, c) => {
      const s = slats[i]!;
      position.set(0.5, s.v, 0);
      rotation.setFromAxisAngle(X_AXIS, s.tilt);
      scale.set(1, s.height, 1);
      m.compose(position, rotation, scale);
      // Open slats turn their faces from the room: a touch darker.
      c.setScalar(0.8 + 0.2 * Math.cos(s.tilt));
    },
    [slats, geometry, material],
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

function Roller({ percentDown, material, railMaterial }: PartProps) {
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

/** RGBA vertex colours: three.js multiplies a vertex's alpha into the material's opacity. */
function bandPlane(alpha: number): THREE.PlaneGeometry {
  const geometry = new THREE.PlaneGeometry(1, 1, 1, 1);
  const count = geometry.getAttribute('position').count;
  const colours = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) colours.set([1, 1, 1, alpha], i * 4);
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 4));
  return geometry;
}

/** Zebra (double roller): 8 bands, alternately the fabric's own opacity and sheer. */
function Zebra({ percentDown, material, railMaterial }: PartProps) {
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

function Verticals({ widthMm, percentDown, vaneDegrees, material, railMaterial }: PartProps) {
  const vanes = useMemo(() => vaneInstances(widthMm, percentDown, vaneDegrees), [widthMm, percentDown, vaneDegrees]);
  // A vane's curve: light down one edge, shade down the other (mirrored by the turn's direction).
  const geometry = useMemo(() => shadedPlane([0.62, 0.85, 1, 0.97, 0.8], 'columns'), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const mesh = useRef<THREE.InstancedMesh>(null);
  useInstances(
    mesh,
    vanes.length,
    (i, m, c) => {
      const v = vanes[i]!;
      position.set(v.u, 0.5, 0);
      rotation.setFromAxisAngle(Y_AXIS, v.turn);
      scale.set(v.turn < 0 ? -v.width : v.width, 0.985, 1);
      m.compose(position, rotation, scale);
      c.setScalar(0.82 + 0.18 * Math.cos(v.turn));
    },
    [vanes, geometry, material],
  );
  return (
    <>
      <instancedMesh ref={mesh} args={[geometry, material, MAX_INSTANCES]} renderOrder={1} frustumCulled={false} />
      <Rail v0={-0.03} v1={0.012} material={railMaterial} shades={HEADRAIL_SHADES} />
    </>
  );
}

function Honeycomb({ dropMm, percentDown, material, railMaterial }: PartProps) {
  const cells = useMemo(() => honeycombCells(dropMm, percentDown), [dropMm, percentDown]);
  // Each cell is a soft pleat: bright across its middle, shaded into the crease above and below.
  const geometry = useMemo(() => shadedPlane([0.7, 0.92, 1, 0.96, 0.74], 'rows'), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const mesh = useRef<THREE.InstancedMesh>(null);
  useInstances(
    mesh,
    cells.length,
    (i, m) => {
      const cell = cells[i]!;
      position.set(0.5, cell.v, 0);
      rotation.identity();
      scale.set(1, cell.height, 1);
      m.compose(position, rotation, scale);
    },
    [cells, geometry, material],
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
