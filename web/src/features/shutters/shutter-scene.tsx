// The WebGL plantation shutter: drawn in the unit square, then mapped onto the tapped quad by a
// homography set as the group's matrix, under an orthographic camera in image pixels.
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import * as THREE from 'three';
import { homographyMatrix4, unitSquareToQuad, type Quad } from '../../scene/homography';
import { quadAspect, shutterLayout, TILT_ANGLES, type Rect, type ShutterLayout, type TiltState } from './shutter-geometry';

interface SceneProps {
  quad: Quad;
  imageWidth: number;
  imageHeight: number;
  tilt: TiltState;
  colour: string;
}

/** Keeps the camera in image pixels: x right 0..width, y down 0..height. */
function PixelCamera({ width, height }: { width: number; height: number }) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    if (!(camera instanceof THREE.OrthographicCamera)) return;
    camera.left = 0;
    camera.right = width;
    camera.top = 0;
    camera.bottom = height;
    camera.near = 0.1;
    camera.far = 100;
    camera.position.set(0, 0, 10);
    camera.rotation.set(0, 0, 0);
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
    invalidate();
  }, [camera, width, height, invalidate]);
  return null;
}

/** A box whose faces darken towards the bottom edge (v grows downwards) and on its edges. */
function shadedBox(top = 1, bottom = 0.8, edge = 0.62): THREE.BoxGeometry {
  const geometry = new THREE.BoxGeometry(1, 1, 1);
  const position = geometry.getAttribute('position');
  const normal = geometry.getAttribute('normal');
  const colours = new Float32Array(position.count * 3);
  for (let i = 0; i < position.count; i++) {
    const y = position.getY(i);
    const onFace = Math.abs(normal.getZ(i)) > 0.5;
    const shade = onFace ? (y < 0 ? top : bottom) : edge;
    colours.set([shade, shade, shade], i * 3);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return geometry;
}

function RectMesh({
  rect,
  z,
  depth,
  material,
  geometry,
}: {
  rect: Rect;
  z: number;
  depth: number;
  material: THREE.Material;
  geometry: THREE.BufferGeometry;
}) {
  return (
    <mesh
      geometry={geometry}
      material={material}
      position={[rect.x + rect.w / 2, rect.y + rect.h / 2, z]}
      scale={[rect.w, rect.h, depth]}
      frustumCulled={false}
    />
  );
}

function Louvres({
  layout,
  target,
  colour,
  material,
  geometry,
}: {
  layout: ShutterLayout;
  target: number;
  colour: string;
  material: THREE.MeshBasicMaterial;
  geometry: THREE.BufferGeometry;
}) {
  const ref = useRef<THREE.InstancedMesh>(null);
  const angle = useRef(target);
  const invalidate = useThree((s) => s.invalidate);
  const count = layout.panels.reduce((n, p) => n + p.louvreCentres.length, 0);

  const write = useCallback(
    (a: number) => {
      const mesh = ref.current;
      if (!mesh) return;
      const m = new THREE.Matrix4();
      const q = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), a);
      const s = new THREE.Vector3();
      const p = new THREE.Vector3();
      let i = 0;
      for (const panel of layout.panels) {
        for (const v of panel.louvreCentres) {
          p.set(panel.louvreX + panel.louvreWidth / 2, v, 0);
          s.set(panel.louvreWidth, layout.bladeHeight, layout.bladeThickness);
          mesh.setMatrixAt(i++, m.compose(p, q, s));
        }
      }
      mesh.instanceMatrix.needsUpdate = true;
      // Blades catch less light as they turn edge-on.
      material.color.set(colour).multiplyScalar(0.8 + 0.2 * Math.cos(a));
    },
    [layout, colour, material],
  );

  useLayoutEffect(() => {
    write(angle.current);
    invalidate();
  }, [write, count, target, invalidate]);

  // Turn the blades towards the target over a few frames, rendering only while they move.
  useFrame((state) => {
    const diff = target - angle.current;
    if (Math.abs(diff) < 1e-4) return;
    angle.current = Math.abs(diff) < 0.01 ? target : angle.current + diff * 0.3;
    write(angle.current);
    state.invalidate();
  });

  return <instancedMesh key={count} ref={ref} args={[geometry, material, count]} frustumCulled={false} />;
}

function Shutter({ quad, tilt, colour }: Omit<SceneProps, 'imageWidth' | 'imageHeight'>) {
  const group = useRef<THREE.Group>(null);
  const invalidate = useThree((s) => s.invalidate);
  const homography = useMemo(() => unitSquareToQuad(quad), [quad]);
  const layout = useMemo(() => shutterLayout({ aspect: quadAspect(quad) }), [quad]);

  const geometries = useMemo(
    () => ({ louvre: shadedBox(1, 0.74, 0.55), frame: shadedBox(1, 0.93, 0.7), plain: new THREE.BoxGeometry(1, 1, 1) }),
    [],
  );
  const materials = useMemo(
    () => ({
      louvre: new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.DoubleSide }),
      frame: new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.DoubleSide }),
      rod: new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }),
      shadow: new THREE.MeshBasicMaterial({ color: 0x000000, transparent: true, opacity: 0.28, side: THREE.DoubleSide, depthWrite: false }),
    }),
    [],
  );
  useLayoutEffect(
    () => () => {
      Object.values(geometries).forEach((g) => g.dispose());
      Object.values(materials).forEach((m) => m.dispose());
    },
    [geometries, materials],
  );

  useLayoutEffect(() => {
    materials.frame.color.set(colour);
    materials.rod.color.set(colour).multiplyScalar(0.86);
    invalidate();
  }, [colour, materials, invalidate]);

  useLayoutEffect(() => {
    const g = group.current;
    if (!g || !homography) return;
    g.matrix.fromArray(homographyMatrix4(homography));
    g.matrixWorldNeedsUpdate = true;
    invalidate();
  }, [homography, invalidate]);

  if (!homography) return null;
  const frameZ = layout.bladeHeight / 2 + 0.01;
  const frameDepth = 0.02;
  const shadowW = 0.004;
  return (
    <group ref={group} matrixAutoUpdate={false}>
      <Louvres layout={layout} target={TILT_ANGLES[tilt]} colour={colour} material={materials.louvre} geometry={geometries.louvre} />
      {layout.panels.map((panel, i) => (
        <group key={i}>
          {[...panel.stiles, ...panel.rails].map((rect, k) => (
            <RectMesh key={k} rect={rect} z={frameZ} depth={frameDepth} material={materials.frame} geometry={geometries.frame} />
          ))}
          {/* Inner shadow lines where the frame meets the louvres. */}
          <RectMesh
            rect={{ x: panel.louvreX, y: panel.rails[0].h, w: panel.louvreWidth, h: shadowW * 1.6 }}
            z={frameZ - frameDepth}
            depth={0.001}
            material={materials.shadow}
            geometry={geometries.plain}
          />
          <RectMesh
            rect={{ x: panel.louvreX, y: panel.rails[0].h, w: shadowW, h: 1 - 2 * panel.rails[0].h }}
            z={frameZ - frameDepth}
            depth={0.001}
            material={materials.shadow}
            geometry={geometries.plain}
          />
          <RectMesh
            rect={{ x: panel.louvreX + panel.louvreWidth - shadowW, y: panel.rails[0].h, w: shadowW, h: 1 - 2 * panel.rails[0].h }}
            z={frameZ - frameDepth}
            depth={0.001}
            material={materials.shadow}
            geometry={geometries.plain}
          />
          {/* The gap between neighbouring panels. */}
          {i > 0 && (
            <RectMesh
              rect={{ x: panel.outer.x - shadowW / 2, y: 0, w: shadowW, h: 1 }}
              z={frameZ + frameDepth}
              depth={0.001}
              material={materials.shadow}
              geometry={geometries.plain}
            />
          )}
          <RectMesh
            rect={panel.tiltRod}
            z={layout.bladeHeight / 2 + 0.004}
            depth={0.004}
            material={materials.rod}
            geometry={geometries.frame}
          />
        </group>
      ))}
    </group>
  );
}

/** The preview canvas; it sits over the photo, transparent where nothing is drawn. */
export function ShutterCanvas({ quad, imageWidth, imageHeight, tilt, colour }: SceneProps) {
  return (
    <Canvas
      className="shutters__canvas"
      frameloop="demand"
      orthographic
      flat
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, alpha: true, antialias: true }}
      camera={{ left: 0, right: imageWidth, top: 0, bottom: imageHeight, near: 0.1, far: 100, position: [0, 0, 10] }}
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
      aria-label="Plantation shutter preview"
      role="img"
    >
      <PixelCamera width={imageWidth} height={imageHeight} />
      <Shutter quad={quad} tilt={tilt} colour={colour} />
    </Canvas>
  );
}
