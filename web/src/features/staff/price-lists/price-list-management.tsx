// The Price List Management tab (staff spec 2.2, 5, 8): catalogue overview, bulk CSV upload
// with its results, the pricing template per product by section, and each product's versions with
// rollback. Uploads apply at once to the storefront's next quote.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CatalogItem, CatalogOverview } from '@shared/catalogue-api';
import { CATALOGUE_SECTIONS, type CatalogueSection } from '@shared/catalogue-types';
import type { BulkUploadResponse, PriceListVersionsResponse } from '@shared/price-lists-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatRand } from '../../../lib/format';
import { downloadTemplate, fetchCatalog, fetchVersions, rollbackTo, sessionEndedOr, uploadPriceLists } from './price-lists-client';
import { OptionsListActions, SECTIONS_WITH_OPTIONS } from './options-list-actions';

const SECTION_LABELS: Record<CatalogueSection, string> = {
  indoor_blinds: 'Indoor blinds',
  indoor_shutters: 'Indoor shutters',
  outdoor_blinds: 'Outdoor blinds',
  outdoor_shutters: 'Outdoor shutters',
  outdoor_awnings: 'Outdoor awnings',
};

type CatalogState = { status: 'loading' } | { status: 'ready'; catalog: CatalogOverview } | { status: 'error'; message: string };

const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

export function PriceListManagement() {
  const [catalog, setCatalog] = useState<CatalogState>({ status: 'loading' });
  /** Bumped after every change so open version lists reload. */
  const [revision, setRevision] = useState(0);

  const load = useCallback(async () => {
    try {
      setCatalog({ status: 'ready', catalog: await fetchCatalog() });
    } catch (err) {
      setCatalog({
        status: 'error',
        message: sessionEndedOr(err, 'Could not load the product catalogue. Check the connection and try again.'),
      });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const changed = () => {
    setRevision((r) => r + 1);
    void load();
  };

  return (
    <div className="as-stack">
      <section className="staff-card as-card" aria-labelledby="pl-overview" aria-busy={catalog.status === 'loading'}>
        <h2 id="pl-overview">Catalog overview</h2>
        {catalog.status === 'loading' && <p role="status">Loading the catalogue...</p>}
        {catalog.status === 'error' && (
          <div role="alert" className="as-error">
            <p>{catalog.message}</p>
            <button type="button" className="button button--small" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {catalog.status === 'ready' && <Overview catalog={catalog.catalog} />}
      </section>

      <UploadCard onUploaded={changed} />

      <section className="staff-card as-card" aria-labelledby="pl-templates">
        <h2 id="pl-templates">Pricing templates and versions</h2>
        <p className="as-hint">
          Download a product's template, change the prices (rand including VAT, two decimals) and upload it under the same file name. Widths
          and drops are in millimetres, smallest first, at most 3000 mm.
        </p>
        {catalog.status === 'ready' &&
          CATALOGUE_SECTIONS.map((section) =>
            catalog.catalog[section].length ? (
              <div key={section} className="as-section">
                <h3>{SECTION_LABELS[section]}</h3>
                <ul className="as-products">
                  {catalog.catalog[section].map((item) => (
                    <ProductRow
                      key={item.id}
                      item={item}
                      revision={revision}
                      onChanged={changed}
                      withOptions={SECTIONS_WITH_OPTIONS.includes(section)}
                    />
                  ))}
                </ul>
              </div>
            ) : null,
          )}
      </section>
    </div>
  );
}

function Overview({ catalog }: { catalog: CatalogOverview }) {
  return (
    <>
      <dl className="as-counts" data-testid="catalog-overview">
        {CATALOGUE_SECTIONS.map((section) => (
          <div key={section}>
            <dt>{SECTION_LABELS[section]}</dt>
            <dd>{catalog[section].length}</dd>
          </div>
        ))}
      </dl>
      <p>
        Last updated: <strong>{catalog.last_updated ? when(catalog.last_updated) : 'Never'}</strong>
      </p>
      {catalog.sample_data_note && <p className="as-hint">{catalog.sample_data_note}</p>}
    </>
  );
}

function UploadCard({ onUploaded }: { onUploaded: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ answer: BulkUploadResponse; total: number } | null>(null);
  /** Files the server asked staff to confirm (a steep price drop), with its question. */
  const [question, setQuestion] = useState<{ files: File[]; message: string } | null>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (question) questionRef.current?.focus();
  }, [question]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) {
      toast({ title: 'No Files Selected', description: 'Please select CSV files to upload', variant: 'destructive' });
      return;
    }
    await send(files, false);
  };

  const send = async (files: File[], confirm: boolean) => {
    setBusy(true);
    setQuestion(null);
    try {
      const answer = await uploadPriceLists(files, confirm);
      setResult({ answer, total: files.length });
      if (answer.successful_uploads > 0) {
        toast({ title: 'Price lists uploaded', description: `${answer.successful_uploads} of ${files.length} files` });
        onUploaded();
      } else {
        toast({ title: 'Upload Failed', description: 'No price lists were successfully uploaded', variant: 'destructive' });
      }
      if (input.current) input.current.value = '';
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setQuestion({ files, message: err.serverMessage ?? 'These prices are much lower than the ones in force. Please confirm them.' });
        return;
      }
      toast({ title: 'Upload Error', description: sessionEndedOr(err, 'Failed to upload price lists'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff-card as-card" aria-labelledby="pl-upload">
      <h2 id="pl-upload">Bulk CSV upload</h2>
      <form onSubmit={(e) => void submit(e)} className="as-upload">
        <label htmlFor={inputId}>Price list CSV files</label>
        <input id={inputId} ref={input} type="file" accept=".csv,text/csv" multiple name="price_lists" />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload Price Lists'}
        </button>
      </form>
      {question && (
        <div className="as-results" data-testid="price-drop-question" role="group" aria-labelledby={`${inputId}-question`}>
          <h3 id={`${inputId}-question`} ref={questionRef} tabIndex={-1}>
            Confirm much lower prices?
          </h3>
          <p>{question.message}</p>
          <p>
            <button type="button" className="button" disabled={busy} onClick={() => void send(question.files, true)}>
              Confirm and upload
            </button>{' '}
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setQuestion(null)}>
              Cancel
            </button>
          </p>
        </div>
      )}
      {result && (
        <div className="as-results" data-testid="upload-results" role="status">
          <p>
            <strong>
              {result.answer.successful_uploads} of {result.total} files
            </strong>{' '}
            uploaded.
          </p>
          <ul>
            {result.answer.results.map((r) => (
              <li key={`${r.filename}-${r.version}`} className="as-ok">
                {r.filename}: {r.product_type} version {r.version}, {r.cells_changed} prices changed
              </li>
            ))}
            {result.answer.errors.map((e, i) => (
              <li key={`${e.filename}-${i}`} className="as-bad">
                {e.filename}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ProductRow({
  item,
  revision,
  onChanged,
  withOptions,
}: {
  item: CatalogItem;
  revision: number;
  onChanged: () => void;
  /** A shutter or awning: its options CSV beside the grid's. */
  withOptions: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const download = async () => {
    try {
      await downloadTemplate(item.id);
    } catch (err) {
      toast({ title: 'Download Failed', description: sessionEndedOr(err, 'Failed to download pricing template'), variant: 'destructive' });
    }
  };

  return (
    <li className="as-product" data-testid="price-product" data-product={item.id}>
      <div className="as-product__head">
        <div>
          <strong>{item.name}</strong> <span className="as-id">{item.id}</span>
          <div className="as-hint">
            {item.from_price !== null ? `From ${formatRand(item.from_price)}` : 'No price list'}
            {item.sample_prices && <span className="badge badge--warning as-badge">Sample prices</span>}
          </div>
        </div>
        <div className="as-actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => void download()}
            aria-label={`Download template for ${item.name}`}
          >
            Download template
          </button>
          <button
            type="button"
            className="button button--ghost-dark button--small"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            aria-label={`Versions of ${item.name}`}
          >
            Versions
          </button>
        </div>
      </div>
      {withOptions && <OptionsListActions item={item} onChanged={onChanged} />}
      {open && (
        <div id={panelId}>
          <Versions productId={item.id} revision={revision} onChanged={onChanged} />
        </div>
      )}
    </li>
  );
}

type VersionsState = { status: 'loading' } | { status: 'ready'; data: PriceListVersionsResponse } | { status: 'error'; message: string };

function Versions({ productId, revision, onChanged }: { productId: string; revision: number; onChanged: () => void }) {
  const [state, setState] = useState<VersionsState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchVersions(productId).then(
      (data) => live && setState({ status: 'ready', data }),
      (err) => live && setState({ status: 'error', message: sessionEndedOr(err, 'Could not load the price-list versions.') }),
    );
    return () => {
      live = false;
    };
  }, [productId, revision]);

  const rollback = async (version: number) => {
    if (
      !window.confirm(
        `Roll back to version ${version}? Its prices become the price list in force for the next quote; orders keep their prices.`,
      )
    )
      return;
    setBusy(true);
    try {
      const answer = await rollbackTo(productId, version);
      toast({ title: 'Price list rolled back', description: `Version ${answer.version} restores version ${answer.restored_from}.` });
      onChanged();
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.serverMessage ?? 'Failed to roll back the price list') : 'Failed to roll back the price list';
      toast({ title: 'Rollback Failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (state.status === 'loading') return <p role="status">Loading versions...</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  if (state.data.versions.length === 0) return <p>No price list versions yet.</p>;
  return (
    <ol className="as-versions" aria-label={`Price-list versions of ${state.data.product_name}`}>
      {state.data.versions.map((v) => (
        <li key={v.version} data-testid="price-version" data-version={v.version}>
          <div>
            <strong>Version {v.version}</strong>
            {v.inForce && <span className="badge as-badge">In force</span>}
            {v.isSample && <span className="badge badge--warning as-badge">Sample prices</span>}
            <div className="as-hint">
              {when(v.createdAt)} · {v.createdBy ? `by ${v.createdBy}` : 'seed data'}
              {v.cellsChanged !== null ? ` · ${v.cellsChanged} prices changed` : ''}
              {v.restoredFrom !== null ? ` · restores version ${v.restoredFrom}` : ''} · {v.source}
            </div>
          </div>
          {!v.inForce && (
            <button
              type="button"
              className="button button--ghost-dark button--small"
              disabled={busy}
              onClick={() => void rollback(v.version)}
            >
              Roll back to this version
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
