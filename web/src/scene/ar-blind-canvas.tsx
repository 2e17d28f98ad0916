// The WebGL half of the AR preview: loaded only by /ar-measurement (React.lazy), so three.js never
// reaches another page. An orthographic camera in image pixels sits over the photo (the photo is
// the page's <img> under this transparent canvas); the blind is built in the unit square and drawn
// in perspective onto the tapped corners by the homography, set as its group's matrix.
import { Canvas, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import * as THREE from 'three';
import { Honeycomb, Roller, Venetian, Verticals, Zebra, type ArBlindCanvasProps } from './ar-blind-kinds';
import { useSwatchTexture } from './ar-blind-three';
import { opacityFor, swatchRepeat } from './blind-geometry';
import { homographyMatrix4, unitSquareToQuad } from './homography';

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
