// /admin/pricing, the price list analyzer (staff spec 2.5, 3, 7, 8): staff upload a photo or scan of a
// supplier's price list; the browser reads its text (tesseract, served by this site), the server analyses it
// (Claude when configured, the built-in parser otherwise), and one click turns the grid into the price-list
// CSV that /admin/scraper's bulk upload accepts.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CatalogueSection } from '@shared/catalogue-types';
import {
  ANALYSIS_FAILED_TEXT,
  ANALYSIS_FAILED_TITLE,
  MAX_PRICE_LIST_IMAGE_BYTES,
  analysisCsvFileName,
  priceGridToCsv,
  type AnalyzePriceListResponse,
  type PriceGrid,
} from '@shared/price-list-analysis-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatRandFromCents } from '../../../lib/format';
import { analysePriceList, fetchProductGroups, type ProductGroup } from './price-list-analysis-client';
import type { OcrProgress } from './recognise-text';
import './price-list-analysis.css';
import { saveFile } from '../../../lib/save-file';

const SECTION_LABELS: Record<CatalogueSection, string> = {
  indoor_blinds: 'Indoor blinds',
  indoor_shutters: 'Indoor shutters',
  outdoor_blinds: 'Outdoor blinds',
  outdoor_shutters: 'Outdoor shutters',
  outdoor_awnings: 'Outdoor awnings',
};
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

type Stage =
  | { status: 'idle' }
  | { status: 'reading'; progress: OcrProgress | null }
  | { status: 'analysing' }
  | { status: 'done'; answer: AnalyzePriceListResponse; text: string }
  | { status: 'failed'; detail: string | null };

/** tesseract's stages in words staff understand. */
function stageText(p: OcrProgress | null): string {
  if (!p) return 'Loading text recognition...';
  const pct = Math.round(p.progress * 100);
  if (p.status === 'recognizing text') return `Reading the text: ${pct}%`;
  if (p.status.includes('traineddata')) return `Loading the English model: ${pct}%`;
  return `Preparing text recognition: ${pct}%`;
}

export function PriceListAnalysisPage() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ status: 'idle' });
  const busy = stage.status === 'reading' || stage.status === 'analysing';

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | null) {
    setProblem(null);
    if (chosen && !ACCEPTED_TYPES.includes(chosen.type)) {
      setFile(null);
      return setProblem('Choose a PNG, JPEG or WebP image of the price list.');
    }
    if (chosen && chosen.size > MAX_PRICE_LIST_IMAGE_BYTES) {
      setFile(null);
      return setProblem(`The image is larger than ${MAX_PRICE_LIST_IMAGE_BYTES / 1024 / 1024} MB. Choose a smaller photo or scan.`);
    }
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setProblem('Choose a photo or scan of the price list first.');
    setProblem(null);
    setStage({ status: 'reading', progress: null });
    try {
      let text = '';
      try {
        const { recogniseText } = await import('./recognise-text');
        text = await recogniseText(file, (progress) => setStage((s) => (s.status === 'reading' ? { status: 'reading', progress } : s)));
      } catch (err) {
        // With Claude configured the server can still read the image; otherwise the empty text is refused there.
        console.warn('Text recognition failed', err);
      }
      setStage({ status: 'analysing' });
      const answer = await analysePriceList(file, text);
      setStage({ status: 'done', answer, text });
    } catch (err) {
      const detail =
        err instanceof ApiError
          ? err.status === 401
            ? 'Your staff session has ended. Sign in again with the PIN.'
            : err.serverMessage
          : null;
      setStage({ status: 'failed', detail });
      toast({ title: ANALYSIS_FAILED_TITLE, description: detail ?? ANALYSIS_FAILED_TEXT, variant: 'destructive' });
    }
  }

  return (
    <main className="staff-page pla" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Price List Analyzer</h1>
        <p className="lead">
          Upload a photo or scan of a supplier&apos;s price list. Its text is read in this browser, then analysed into categories, width and
          drop bands, prices and notes, and turned into a price-list CSV for the bulk upload on the{' '}
          <Link to="/admin/scraper">Admin Panel</Link>.
        </p>
      </header>

      <section className="staff-card pla-card" aria-labelledby="pla-upload-title">
        <h2 id="pla-upload-title">Upload a price list</h2>
        <form onSubmit={onSubmit} noValidate>
          <div className="pla-field">
            <label htmlFor={fileId}>Price list image</label>
            <input
              id={fileId}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              disabled={busy}
            />
            <span className="pla-hint">
              PNG, JPEG or WebP, up to {MAX_PRICE_LIST_IMAGE_BYTES / 1024 / 1024} MB. A straight, well-lit photo reads best.
            </span>
          </div>
          {preview && <img className="pla-preview" src={preview} alt="Preview of the chosen price list" />}
          {problem && (
            <p role="alert" className="pla-problem">
              {problem}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Analyzing...' : 'Analyze Price List'}
          </button>
        </form>
        <Progress stage={stage} />
      </section>

      {stage.status === 'idle' && (
        <p className="pla-empty">No analysis yet: upload a price list to see its categories, sizes, prices and notes.</p>
      )}
      {stage.status === 'failed' && (
        <section className="staff-card pla-card" aria-labelledby="pla-failed-title">
          <h2 id="pla-failed-title">{ANALYSIS_FAILED_TITLE}</h2>
          <p role="alert" className="pla-problem">
            {ANALYSIS_FAILED_TEXT}
          </p>
          {stage.detail && <p className="pla-hint">{stage.detail}</p>}
        </section>
      )}
      {stage.status === 'done' && <AnalysisResult answer={stage.answer} text={stage.text} />}
    </main>
  );
}

function Progress({ stage }: { stage: Stage }) {
  const reading = stage.status === 'reading';
  const pct = reading && stage.progress?.status === 'recognizing text' ? Math.round(stage.progress.progress * 100) : null;
  return (
    <div className="pla-progress" role="status" aria-live="polite">
      {reading && (
        <>
          <span>{stageText(stage.progress)}</span>
          <progress max={100} value={pct ?? undefined} aria-label="Text recognition progress" />
        </>
      )}
      {stage.status === 'analysing' && <span>Analysing the price list...</span>}
    </div>
  );
}

function AnalysisResult({ answer, text }: { answer: AnalyzePriceListResponse; text: string }) {
  const { analysis } = answer;
  const grid = analysis.price_grid;
  return (
    <section className="staff-card pla-card" aria-labelledby="pla-result-title" data-testid="analysis-result">
      <h2 id="pla-result-title">Analysis</h2>
      <p className="pla-hint">
        {answer.source === 'claude'
          ? 'Read by Claude from the image.'
          : `Read by the built-in parser from the text recognised in this browser${answer.fallback_reason ? ` (Claude could not be used: ${answer.fallback_reason.replace(/_/g, ' ')})` : ''}.`}
      </p>

      {!grid && (
        <p role="alert" className="pla-problem" data-testid="no-bands">
          No width and drop bands could be found in this price list, so there are no prices to turn into a CSV. Try a sharper, straight-on
          photo of the whole table.
        </p>
      )}

      <div className="pla-columns">
        <div>
          <h3>Categories</h3>
          {analysis.categories.length === 0 ? (
            <p className="pla-hint">No product words were found.</p>
          ) : (
            <ul className="pla-categories">
              {analysis.categories.map((c) => (
                <li key={c.name}>
                  <strong>{c.name}</strong>
                  <ul>
                    {c.subcategories.map((s) => (
                      <li key={s.name}>
                        {s.name}
                        {s.products.length > 0 && <span className="pla-hint">: {s.products.join(', ')}</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3>Dimensions</h3>
          <dl className="pla-dims">
            <dt>Widths (mm)</dt>
            <dd data-testid="widths">{analysis.dimensions.widths_mm.join(', ') || 'None found'}</dd>
            <dt>Drops (mm)</dt>
            <dd data-testid="drops">{analysis.dimensions.drops_mm.join(', ') || 'None found'}</dd>
          </dl>
        </div>
      </div>

      {grid && <GridTable grid={grid} />}

      <h3>Pricing notes</h3>
      {analysis.pricing_notes.length ? (
        <ul>
          {analysis.pricing_notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : (
        <p className="pla-hint">The list has no notes on VAT, units or charges.</p>
      )}

      <h3>CSV recommendations</h3>
      <ul>
        {analysis.csv_recommendations.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>

      {grid && <CsvDownload grid={grid} />}

      {text.trim() && (
        <details className="pla-text">
          <summary>Recognised text</summary>
          <pre>{text}</pre>
        </details>
      )}
    </section>
  );
}

function GridTable({ grid }: { grid: PriceGrid }) {
  const vat = grid.vat === 'exclusive' ? 'excl. VAT' : grid.vat === 'inclusive' ? 'incl. VAT' : 'VAT not stated';
  return (
    <div className="pla-grid-wrap" tabIndex={0} role="region" aria-label="Prices found, scrolls sideways on small screens">
      <table className="pla-grid" data-testid="price-grid">
        <caption>Prices found, as printed ({vat}): drop down, width across, in mm</caption>
        <thead>
          <tr>
            <th scope="col">Drop \ Width</th>
            {grid.widths_mm.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.drops_mm.map((d, di) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {grid.widths_mm.map((w, wi) => {
                const cents = grid.prices_cents[di]?.[wi] ?? null;
                return <td key={w}>{cents === null ? <span className="pla-missing">not read</span> : formatRandFromCents(cents)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CsvDownload({ grid }: { grid: PriceGrid }) {
  const selectId = useId();
  const [groups, setGroups] = useState<ProductGroup[] | null>(null);
  const [productId, setProductId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const result = priceGridToCsv(grid);

  useEffect(() => {
    const controller = new AbortController();
    fetchProductGroups(controller.signal)
      .then(setGroups)
      .catch(() => setGroups([]));
    return () => controller.abort();
  }, []);

  function download() {
    if (!result.ok) return;
    if (!productId) return setMessage('Choose the product this price list is for: the file name tells the bulk upload.');
    setMessage(null);
    saveFile(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }), analysisCsvFileName(productId));
    toast({
      title: 'CSV downloaded',
      description: `${analysisCsvFileName(productId)}: upload it under Price List Management on the Admin Panel.`,
    });
  }

  return (
    <div className="pla-csv">
      <h3>Price-list CSV</h3>
      {!result.ok ? (
        <p role="alert" className="pla-problem">
          {result.problem}
        </p>
      ) : (
        <>
          {result.notes.map((n) => (
            <p key={n} className="pla-note">
              {n}
            </p>
          ))}
          <div className="pla-field">
            <label htmlFor={selectId}>Product</label>
            <select id={selectId} value={productId} onChange={(e) => setProductId(e.target.value)} disabled={groups === null}>
              <option value="">{groups === null ? 'Loading products...' : 'Choose a product'}</option>
              {(groups ?? []).map((g) => (
                <optgroup key={g.section} label={SECTION_LABELS[g.section]}>
                  {g.products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          {message && (
            <p role="alert" className="pla-problem">
              {message}
            </p>
          )}
          <button type="button" className="button" onClick={download}>
            Download CSV
          </button>
          <p className="pla-hint">
            Then upload it on the <Link to="/admin/scraper">Admin Panel</Link> under Price List Management: it becomes a new price-list
            version you can roll back.
          </p>
        </>
      )}
    </div>
  );
}
