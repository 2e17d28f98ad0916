// /admin/catalog (staff spec 2.3, 5, 8, 9): the product catalogue manager. Tabs Products,
// Colour Editor and Preview (WAI-ARIA tabs); import and export as JSON. Every change is stored in D1
// by the staff API and is what the storefront shows next.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { IMPORT_FORMAT_MESSAGE, LOAD_ERROR_MESSAGE, type CatalogProduct } from '@shared/catalog-admin-api';
import { TabList, tabPanelProps } from '../../../components/tabs';
import { toast } from '../../../components/toast';
import { downloadCatalogExport, failureText, fetchCatalog, importCatalog, toastParts } from './catalog-client';
import { parseCatalogFile, previewProductFor } from './catalog-model';
import { ColourEditor } from './colour-editor';
import { ProductsPanel } from './products-panel';
import './catalog.css';

/** three.js and the renderer load only when the Preview tab draws (a chunk of their own). */
const CatalogPreview = lazy(() => import('./catalog-preview'));

type TabId = 'products' | 'colours' | 'preview';
const TABS: { id: TabId; label: string }[] = [
  { id: 'products', label: 'Products' },
  { id: 'colours', label: 'Colour Editor' },
  { id: 'preview', label: 'Preview' },
];

type LoadState = 'loading' | 'ready' | 'failed';

export function CatalogPage() {
  const [products, setProducts] = useState<CatalogProduct[]>([]);
  const [load, setLoad] = useState<LoadState>('loading');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('products');
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const importInput = useRef<HTMLInputElement>(null);

  const reload = useCallback(async () => {
    setLoad('loading');
    try {
      setProducts(await fetchCatalog());
      setLoad('ready');
    } catch {
      // Spec 8: the editor starts empty and says so.
      setProducts([]);
      setLoad('failed');
      toast({ ...toastParts(LOAD_ERROR_MESSAGE), variant: 'destructive' });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const selected = products.find((p) => p.id === selectedId) ?? null;
  const replaceProduct = (product: CatalogProduct) =>
    setProducts((list) =>
      list.some((p) => p.id === product.id) ? list.map((p) => (p.id === product.id ? product : p)) : [...list, product],
    );
  /** A colour change touches every product of the colour set: read them all again. */
  const afterColourChange = (product: CatalogProduct) => {
    replaceProduct(product);
    if (product.sharesColoursWith.length > 0) void fetchCatalog().then(setProducts, () => undefined);
  };

  // Spec 2.3 / 4: the Colour Editor is enabled once a product is selected.
  const enabled = (id: TabId) => id !== 'colours' || selected !== null;

  const onExport = async () => {
    setBusy('export');
    try {
      const fileName = await downloadCatalogExport();
      toast({ title: 'Catalog exported', description: `Saved as ${fileName}.` });
    } catch (err) {
      toast({ title: 'Export Error', description: failureText(err, 'Could not export the catalog. Try again.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const onImport = async (file: File | null) => {
    if (importInput.current) importInput.current.value = '';
    if (!file) return;
    const parsed = parseCatalogFile(await file.text());
    if (!parsed) {
      toast({ ...toastParts(IMPORT_FORMAT_MESSAGE), variant: 'destructive' });
      return;
    }
    setBusy('import');
    try {
      const answer = await importCatalog(parsed);
      toast({ title: 'Catalog imported', description: answer.message });
      await reload();
    } catch (err) {
      const text = failureText(err, 'Could not import the catalog. Nothing was changed.');
      toast({ title: 'Import Error', description: text.replace(/^Import Error - /, ''), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const select = (id: string) => setSelectedId(id);

  return (
    <main className="staff-page catalog-admin" id="main">
      <header className="ca-head">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Product Catalog Manager</h1>
          <p className="muted">
            Products and colours as the storefront offers them. Changes are saved at once and shown on the storefront.
          </p>
        </div>
        <div className="ca-head__actions">
          <button
            type="button"
            className="button button--small button--ghost-dark"
            onClick={() => void onExport()}
            disabled={busy !== null || load === 'loading'}
          >
            {busy === 'export' ? 'Exporting…' : 'Export Catalog'}
          </button>
          <label className={`button button--small button--ghost-dark ca-file ${busy !== null ? 'ca-file--busy' : ''}`}>
            {busy === 'import' ? 'Importing…' : 'Import Catalog'}
            <input
              ref={importInput}
              type="file"
              accept=".json,application/json"
              className="ca-file__input"
              disabled={busy !== null}
              onChange={(e) => void onImport(e.currentTarget.files?.[0] ?? null)}
            />
          </label>
        </div>
      </header>

      <TabList
        label="Catalog"
        idPrefix="ca"
        tabs={TABS.map((t) => ({ ...t, disabled: !enabled(t.id), title: enabled(t.id) ? undefined : 'Select a product first' }))}
        selected={tab}
        onSelect={setTab}
        className="ca-tabs"
        tabClassName="ca-tab"
      />

      <section {...tabPanelProps('ca', 'products', tab)} className="ca-panel">
        <ProductsPanel
          products={products}
          load={load}
          selected={selected}
          onSelect={select}
          onSaved={(product) => {
            replaceProduct(product);
            setSelectedId(product.id);
          }}
          onDeleted={(id) => {
            setProducts((list) => list.filter((p) => p.id !== id));
            setSelectedId(null);
          }}
          onEditColours={() => setTab('colours')}
          onRetry={() => void reload()}
        />
      </section>
      <section {...tabPanelProps('ca', 'colours', tab)} className="ca-panel">
        {selected ? (
          <ColourEditor product={selected} onChanged={afterColourChange} />
        ) : (
          <p>Select a product on the Products tab to edit its colours.</p>
        )}
      </section>
      <section {...tabPanelProps('ca', 'preview', tab)} className="ca-panel">
        {tab === 'preview' && <PreviewPanel products={products} selected={selected} onSelect={select} />}
      </section>
    </main>
  );
}

function PreviewPanel({
  products,
  selected,
  onSelect,
}: {
  products: CatalogProduct[];
  selected: CatalogProduct | null;
  onSelect: (id: string) => void;
}) {
  const [colourSlug, setColourSlug] = useState<string>('');
  const colour = selected?.colours.find((c) => c.slug === colourSlug) ?? selected?.colours[0] ?? null;
  const kind = selected ? previewProductFor(selected) : null;
  return (
    <div className="staff-card ca-card">
      <h2>Preview</h2>
      <div className="ca-preview-controls">
        <div className="ca-field">
          <label htmlFor="ca-product">Product</label>
          <select id="ca-product" value={selected?.id ?? ''} onChange={(e) => onSelect(e.currentTarget.value)}>
            <option value="" disabled>
              Choose a product
            </option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ca-field">
          <label htmlFor="ca-colour">Colour</label>
          <select
            id="ca-colour"
            value={colour?.slug ?? ''}
            onChange={(e) => setColourSlug(e.currentTarget.value)}
            disabled={!selected || selected.colours.length === 0}
          >
            {!colour && <option value="">No colours defined</option>}
            {selected?.colours.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name} ({c.hex})
              </option>
            ))}
          </select>
        </div>
      </div>
      {!selected && <p>Choose a product to preview it.</p>}
      {selected && !kind && (
        <p>
          The preview renderer draws blinds and outdoor blinds; {selected.name} ({selected.category}) is not drawn here.
        </p>
      )}
      {selected && kind && !colour && <p>No colours defined. Add a colour in the Colour Editor to preview it.</p>}
      {selected && kind && colour && (
        <Suspense fallback={<p role="status">Loading the preview…</p>}>
          <CatalogPreview
            product={kind}
            productName={selected.name}
            colourName={colour.name}
            colourHex={colour.hex}
            swatchUrl={colour.imageUrl}
          />
        </Suspense>
      )}
    </div>
  );
}
