// /measuring-guide: the tape-measure guide the landing page, the calculator's mount type, the scan
// result and the consultant point to. Its figures come from worker/shared/measuring-rules.ts, the
// same rules the calculator converts a scanned frame size by; it prints on its own (one page).
import { Link } from 'react-router';
import {
  FACE_FIX_OVERLAP_MM,
  FACE_FIX_RULE,
  FAMILY_RULES,
  FRAME_TO_RECESS_MM,
  INSIDE_RECESS_RULE,
  sizeFromOuterFrame,
} from '@shared/measuring-rules';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import './measuring-guide.css';

const EXAMPLE_FRAME = { widthMm: 1200, dropMm: 1500 };

const mm = (value: number | null) => (value === null ? 'Not fitted inside a recess' : value === 0 ? 'Nothing' : `${value} mm`);

export function MeasuringGuidePage() {
  const recess = sizeFromOuterFrame(EXAMPLE_FRAME, 'inside-recess');
  const faceFix = sizeFromOuterFrame(EXAMPLE_FRAME, 'outside-facefix');
  return (
    <div className="page">
      <SiteHeader />
      <ArrowMarker />
      <main className="guide" id="main">
        <header className="guide__intro">
          <p className="eyebrow">Measuring guide</p>
          <h1>How to measure your windows</h1>
          <p className="lead">
            A steel tape measure, a pencil and this page are all you need. Measure in millimetres and always write the width first, then the
            drop.
          </p>
          <button type="button" className="button button--accent guide__print" onClick={() => window.print()}>
            Print this guide
          </button>
        </header>

        <section className="guide__section" aria-labelledby="guide-mount">
          <h2 id="guide-mount">1. Inside the recess or face fix?</h2>
          <div className="guide__pair">
            <figure className="guide__figure">
              <InsideRecessDrawing />
              <figcaption>
                <strong>Inside the recess.</strong> The blind hangs inside the window opening, flush with the wall. The recess needs enough
                flat depth at the top for the brackets: if it is shallow, ask us or choose face fix.
              </figcaption>
            </figure>
            <figure className="guide__figure">
              <FaceFixDrawing />
              <figcaption>
                <strong>Face fix (outside).</strong> The blind is fixed to the wall above the opening and overlaps it by{' '}
                {FACE_FIX_OVERLAP_MM} mm on each side, above and below. Choose it for a shallow recess, a window handle in the way, or for
                less light at the edges.
              </figcaption>
            </figure>
          </div>
        </section>

        <section className="guide__section" aria-labelledby="guide-where">
          <h2 id="guide-where">2. Where to measure, and which size counts</h2>
          <div className="guide__pair">
            <figure className="guide__figure">
              <ThreeWidthsDrawing />
              <figcaption>Three widths: across the top, the middle and the bottom of the opening.</figcaption>
            </figure>
            <figure className="guide__figure">
              <ThreeDropsDrawing />
              <figcaption>Three drops: at the left, the centre and the right, from the top of the opening to the sill.</figcaption>
            </figure>
          </div>
          <h3>Inside the recess: the smallest counts</h3>
          <p>{INSIDE_RECESS_RULE}</p>
          <p>
            Walls are rarely square: if you measure 1204, 1198 and 1201 mm across, the width is <strong>1198 mm</strong>. Do not take
            anything off yourself.
          </p>
          <h3>Face fix: add the overlap</h3>
          <p>{FACE_FIX_RULE}</p>
          <p>
            For an opening of 1200 x 1500 mm, order{' '}
            <strong>
              {1200 + 2 * FACE_FIX_OVERLAP_MM} x {1500 + 2 * FACE_FIX_OVERLAP_MM} mm
            </strong>
            . If a sill sticks out, measure the drop to the top of the sill instead.
          </p>
        </section>

        <section className="guide__section" aria-labelledby="guide-deduct">
          <h2 id="guide-deduct">3. What our factory takes off (inside the recess)</h2>
          <p>
            For an inside-recess blind you give us the recess size; the factory makes the blind this much smaller so it fits without
            scraping. Face-fixed blinds are made at exactly the size you give.
          </p>
          <div className="table-scroll" role="region" aria-label="Factory deductions by product" tabIndex={0}>
            <table className="prose-table guide__table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Off the width</th>
                  <th scope="col">Off the drop</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {FAMILY_RULES.map((rule) => (
                  <tr key={rule.family}>
                    <th scope="row">{rule.label}</th>
                    <td>{mm(rule.insideWidthMm)}</td>
                    <td>{rule.insideWidthMm === null ? 'Not fitted inside a recess' : mm(rule.insideDropMm)}</td>
                    <td>{rule.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="guide__section" aria-labelledby="guide-scan">
          <h2 id="guide-scan">4. Measured with our photo scan?</h2>
          <p>
            The Quick AI Scan measures the <strong>outer edge of the window frame</strong>, not the recess. When you take a scanned size to
            the calculator we convert it and show you what we changed:
          </p>
          <ul>
            <li>
              Inside the recess: {FRAME_TO_RECESS_MM} mm off the width and the drop, because plaster or the sill often covers the frame's
              edge. A frame of {EXAMPLE_FRAME.widthMm} x {EXAMPLE_FRAME.dropMm} mm becomes {recess.widthMm} x {recess.dropMm} mm.
            </li>
            <li>
              Face fix: {2 * FACE_FIX_OVERLAP_MM} mm added to the width and the drop for the overlap. The same frame becomes{' '}
              {faceFix.widthMm} x {faceFix.dropMm} mm.
            </li>
          </ul>
          <p>A tape measure is always more exact than a photo: check the size before you order. We confirm every size before production.</p>
        </section>

        <section className="guide__section guide__next no-print" aria-labelledby="guide-next">
          <h2 id="guide-next">Next</h2>
          <div className="button-row">
            <Link to="/quote-calculator" className="button button--accent">
              Price your blinds
            </Link>
            <Link to="/measurement" className="button button--ghost-dark">
              Measure from a photo
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

// Drawings: one wall, one opening, plain strokes, so they print in black and white.
const WALL = '#e3d8c6';
const LINE = '#1d2b2d';
const BLIND = '#2f5a5e';
const MARK = '#8f5a1c';

function Arrow({ x1, y1, x2, y2 }: { x1: number; y1: number; x2: number; y2: number }) {
  return (
    <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={MARK} strokeWidth={3} markerStart="url(#guide-arrow)" markerEnd="url(#guide-arrow)" />
  );
}

/** One arrow head for every drawing (an id may appear only once in the page). */
function ArrowMarker() {
  return (
    <svg className="guide__defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        <marker id="guide-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={MARK} />
        </marker>
      </defs>
    </svg>
  );
}

function InsideRecessDrawing() {
  return (
    <svg className="guide__svg" viewBox="0 0 240 200" role="img" aria-labelledby="svg-inside-title">
      <title id="svg-inside-title">Inside the recess: the blind hangs inside the window opening</title>
      <rect x="0" y="0" width="240" height="200" fill={WALL} />
      <rect x="50" y="30" width="140" height="140" fill="#fff" stroke={LINE} strokeWidth={3} />
      <rect x="56" y="36" width="128" height="80" fill={BLIND} opacity={0.85} />
      <line x1="56" y1="116" x2="184" y2="116" stroke={LINE} strokeWidth={4} />
      <rect x="40" y="170" width="160" height="10" fill="#fff" stroke={LINE} strokeWidth={2} />
      <text x="120" y="20" textAnchor="middle" fontSize="13" fill={LINE}>
        blind inside the opening
      </text>
    </svg>
  );
}

function FaceFixDrawing() {
  return (
    <svg className="guide__svg" viewBox="0 0 240 200" role="img" aria-labelledby="svg-facefix-title">
      <title id="svg-facefix-title">Face fix: the blind is fixed on the wall and overlaps the opening on every side</title>
      <rect x="0" y="0" width="240" height="200" fill={WALL} />
      <rect x="60" y="45" width="120" height="120" fill="#fff" stroke={LINE} strokeWidth={3} strokeDasharray="6 4" />
      <rect x="40" y="25" width="160" height="105" fill={BLIND} opacity={0.85} />
      <rect x="50" y="165" width="140" height="10" fill="#fff" stroke={LINE} strokeWidth={2} />
      <Arrow x1={40} y1={145} x2={60} y2={145} />
      <Arrow x1={180} y1={145} x2={200} y2={145} />
      <text x="120" y="18" textAnchor="middle" fontSize="13" fill={LINE}>
        {FACE_FIX_OVERLAP_MM} mm overlap each side
      </text>
      <text x="120" y="195" textAnchor="middle" fontSize="12" fill={LINE}>
        dashed: the opening
      </text>
    </svg>
  );
}

function ThreeWidthsDrawing() {
  return (
    <svg className="guide__svg" viewBox="0 0 240 200" role="img" aria-labelledby="svg-widths-title">
      <title id="svg-widths-title">Three widths, at the top, middle and bottom of the opening: the smallest counts</title>
      <rect x="0" y="0" width="240" height="200" fill={WALL} />
      <rect x="40" y="20" width="160" height="160" fill="#fff" stroke={LINE} strokeWidth={3} />
      {[45, 100, 155].map((y, i) => (
        <g key={y}>
          <Arrow x1={44} y1={y} x2={196} y2={y} />
          <text x="120" y={y - 6} textAnchor="middle" fontSize="12" fill={LINE}>
            {['top', 'middle', 'bottom'][i]}
          </text>
        </g>
      ))}
    </svg>
  );
}

function ThreeDropsDrawing() {
  return (
    <svg className="guide__svg" viewBox="0 0 240 200" role="img" aria-labelledby="svg-drops-title">
      <title id="svg-drops-title">
        Three drops, at the left, centre and right, from the top of the opening to the sill: the smallest counts
      </title>
      <rect x="0" y="0" width="240" height="200" fill={WALL} />
      <rect x="40" y="20" width="160" height="160" fill="#fff" stroke={LINE} strokeWidth={3} />
      <rect x="30" y="180" width="180" height="10" fill="#fff" stroke={LINE} strokeWidth={2} />
      {[65, 120, 175].map((x, i) => (
        <g key={x}>
          <Arrow x1={x} y1={24} x2={x} y2={176} />
          <text x={x + 5} y={100} fontSize="12" fill={LINE} transform={`rotate(-90 ${x + 5} 100)`} textAnchor="middle" dy="10">
            {['left', 'centre', 'right'][i]}
          </text>
        </g>
      ))}
    </svg>
  );
}
