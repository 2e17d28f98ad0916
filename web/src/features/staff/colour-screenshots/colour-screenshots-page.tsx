// /admin/color-screenshots (staff spec sections 2.4, 4, 5, 8): staff upload a supplier's colour-card
// screenshot, see the distinct colours read from it, and add any of them to a product in one click.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  EXTRACTION_CATEGORIES,
  MISSING_INFORMATION,
  type ColourExtractionDto,
  type ColourExtractionListResponse,
  type ExtractionCategory,
} from '@shared/colour-extraction-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { addToProduct, extractFromScreenshot, fetchExtractions, fetchProducts } from './colour-screenshots-client';
import './colour-screenshots.css';

type ListState = { status: 'loading' } | { status: 'ready'; list: ColourExtractionListResponse } | { status: 'error'; message: string };
type Product = { id: string; name: string };

const CATEGORY_LABELS: Record<ExtractionCategory, string> = {
  roller: 'Roller',
  venetian: 'Venetian',
  vertical: 'Vertical',
  outdoor: 'Outdoor',
};
const [MISSING_TITLE, MISSING_TEXT] = MISSING_INFORMATION.split(' - ') as [string, string];

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

export function ColourScreenshotsPage() {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [products, setProducts] = useState<Product[]>([]);
  const [latest, setLatest] = useState<ColourExtractionDto | null>(null);

  // Only the newest request may set the list: a slow earlier answer (the first load, a double click on
  // Refresh) must not overwrite a newer one.
  const latestLoad = useRef(0);
  const load = useCallback(async () => {
    const ticket = ++latestLoad.current;
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const answer = await fetchExtractions();
      if (ticket !== latestLoad.current) return;
      setList(answer ? { status: 'ready', list: answer } : { status: 'error', message: 'Could not load the colour data.' });
    } catch (err) {
      if (ticket !== latestLoad.current) return;
      const message =
        err instanceof ApiError && err.status === 401
          ? 'Your staff session has ended. Sign in again with the PIN.'
          : 'Could not load the colour data. Check the connection and try again.';
      setList({ status: 'error', message });
    }
  }, []);

  useEffect(() => {
    void load();
    fetchProducts()
      .then(setProducts)
      .catch(() => setProducts([]));
  }, [load]);

  const onExtracted = (extraction: ColourExtractionDto) => {
    setLatest(extraction);
    void load();
  };

  return (
    <main className="staff-page colour-shots" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Screenshot Colour Extractor</h1>
        <p className="lead">
          Upload a screenshot of a supplier&apos;s colour card. The colours are read from its pixels (the page behind the card is left out,
          near-identical shades are merged) and each can be added to one of our products.
        </p>
      </header>

      <ExtractForm onExtracted={onExtracted} />

      {latest && (
        <section className="staff-card cs-card" aria-labelledby="latest-title" data-testid="extraction-result">
          <h2 id="latest-title">Extracted colours</h2>
          <ExtractionCard extraction={latest} products={products} />
        </section>
      )}

      <section className="staff-card cs-card" aria-labelledby="db-title" aria-busy={list.status === 'loading'}>
        <div className="staff-list-head">
          <h2 id="db-title">Extracted colour database</h2>
          <button type="button" className="button button--ghost-dark button--small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
        {list.status === 'loading' && <p role="status">Loading colour data...</p>}
        {list.status === 'error' && (
          <div role="alert" className="cs-error">
            <p>{list.message}</p>
            <button type="button" className="button button--small" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {list.status === 'ready' && list.list.extractions.length === 0 && <p className="staff-empty cs-empty">No colour data available</p>}
        {list.status === 'ready' && list.list.extractions.length > 0 && (
          <>
            <p className="cs-hint">
              {list.list.colorsExtracted} colours from {list.list.totalProducts} {list.list.totalProducts === 1 ? 'product' : 'products'}
            </p>
            <ul className="staff-list cs-extractions">
              {list.list.extractions.map((extraction) => (
                <li key={extraction.id}>
                  <ExtractionCard extraction={extraction} products={products} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </main>
  );
}

function ExtractForm({ onExtracted }: { onExtracted: (extraction: ColourExtractionDto) => void }) {
  const ids = { file: useId(), name: useId(), category: useId(), details: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [productName, setProductName] = useState('');
  const [category, setCategory] = useState<ExtractionCategory | ''>('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file || !productName.trim() || !category) {
      setProblem(MISSING_INFORMATION);
      toast({ title: MISSING_TITLE, description: MISSING_TEXT, variant: 'destructive' });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await extractFromScreenshot({
        screenshot: file,
        productName: productName.trim(),
        category,
        description: description.trim(),
      });
      onExtracted(answer);
      toast({ title: 'Colours extracted', description: `${answer.colorsExtracted} colours found for ${answer.productName}.` });
    } catch (err) {
      const text = err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Check the connection and try again.';
      setProblem(text);
      toast({ title: 'Extraction Failed', description: text, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-card cs-card" aria-labelledby="extract-title">
      <h2 id="extract-title">Extract colours</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="cs-grid">
          <div className="cs-field">
            <label htmlFor={ids.file}>
              Screenshot <span className="cs-required">*</span>
            </label>
            <input
              id={ids.file}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-required="true"
            />
            <span className="cs-hint">PNG or JPEG, up to 8 MB.</span>
            {preview && <img className="cs-preview" src={preview} alt="Preview of the chosen screenshot" />}
          </div>
          <div>
            <div className="cs-field">
              <label htmlFor={ids.name}>
                Product name <span className="cs-required">*</span>
              </label>
              <input
                id={ids.name}
                value={productName}
                onChange={(e) => setProductName(e.target.value)}
                maxLength={120}
                aria-required="true"
                autoComplete="off"
              />
            </div>
            <div className="cs-field">
              <label htmlFor={ids.category}>
                Category <span className="cs-required">*</span>
              </label>
              <select
                id={ids.category}
                value={category}
                onChange={(e) => setCategory(e.target.value as ExtractionCategory | '')}
                aria-required="true"
              >
                <option value="">Choose a category</option>
                {EXTRACTION_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </div>
            <div className="cs-field">
              <label htmlFor={ids.details}>Details (optional)</label>
              <textarea id={ids.details} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} rows={3} />
            </div>
          </div>
        </div>
        {problem && (
          <p role="alert" className="cs-problem">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Extracting colours...' : 'Extract Colours'}
        </button>
      </form>
    </section>
  );
}

function ExtractionCard({ extraction, products }: { extraction: ColourExtractionDto; products: Product[] }) {
  const selectId = useId();
  const [productId, setProductId] = useState('');
  const [adding, setAdding] = useState<number | null>(null);

  async function add(index: number) {
    if (!productId) {
      toast({ title: 'Choose a product', description: 'Choose the product to add the colour to first.', variant: 'destructive' });
      document.getElementById(selectId)?.focus();
      return;
    }
    setAdding(index);
    try {
      const answer = await addToProduct(extraction.id, { productId, colourIndex: index });
      const product = products.find((p) => p.id === answer.productId)?.name ?? answer.productId;
      toast({ title: 'Colour added', description: `${answer.colour.name} is now a colour of ${product}.` });
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Failed to add the colour',
        variant: 'destructive',
      });
    } finally {
      setAdding(null);
    }
  }

  return (
    <article className="staff-list-item">
      <header className="staff-list-item__head cs-extraction__head">
        <h3>{extraction.productName}</h3>
        <span className="cs-badge">{CATEGORY_LABELS[extraction.category as ExtractionCategory] ?? extraction.category}</span>
        <span className="cs-hint">{when(extraction.extractedAt)}</span>
      </header>
      {extraction.details && <p className="cs-details">{extraction.details}</p>}
      {extraction.colours.length === 0 ? (
        <p className="cs-hint">No distinct colours were found in this screenshot.</p>
      ) : (
        <>
          <div className="cs-field cs-field--inline">
            <label htmlFor={selectId}>Add colours to</label>
            <select id={selectId} value={productId} onChange={(e) => setProductId(e.target.value)}>
              <option value="">Choose a product</option>
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <ul className="cs-swatches">
            {extraction.colours.map((colour, index) => (
              <li key={`${colour.hex}-${index}`} className="cs-swatch">
                <span className="cs-swatch__chip" style={{ backgroundColor: colour.hex }} aria-hidden="true" />
                <span className="cs-swatch__name">{colour.name}</span>
                <span className="cs-swatch__facts">
                  <code>{colour.hex}</code> · {percent(colour.share)}
                </span>
                <button
                  type="button"
                  className="button button--ghost-dark button--small"
                  disabled={adding !== null}
                  onClick={() => void add(index)}
                  aria-label={`Add ${colour.name} (${colour.hex}) to product`}
                >
                  {adding === index ? 'Adding...' : 'Add to product'}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
