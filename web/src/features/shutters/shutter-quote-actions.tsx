// From the shutter preview to the quote in one step: the shutter's size (the window's proportions
// at a typical height, marked as an estimate until the customer types their measurements), its
// options (louvre size, frame, panels: the panel count drawn is the first offered) and the colour
// shown, priced by the server and added to the quote as the AR blind visualiser adds a blind.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogOverview, ColoursResponse } from '@shared/catalogue-api';
import type { LineOptions } from '@shared/product-options';
import { isEstimatedSize, type LineSizeSource } from '@shared/size-sources';
import { OptionFields, useProductOptions } from '../../components/option-fields';
import { PriceStatus } from '../../components/price-status';
import { getJson } from '../../lib/api-client';
import { keptPicks } from '../../lib/option-choices';
import { readQuoteBlinds, writeQuoteBlinds, type QuoteLine } from '../../lib/quote-storage';
import { useDebouncedPrice } from '../../lib/debounced-price';

interface ShutterProduct {
  id: string;
  name: string;
}

/** The shutters the calculator sells (catalogue sections indoor and outdoor shutters, priced). */
function useShutterProducts(): ShutterProduct[] {
  const [products, setProducts] = useState<ShutterProduct[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getJson<CatalogOverview>('/api/products/catalog', { signal: controller.signal })
      .then((catalog) => {
        const items = [...(catalog?.indoor_shutters ?? []), ...(catalog?.outdoor_shutters ?? [])];
        setProducts(items.flatMap((i) => (i.calculator_id && i.from_price !== null ? [{ id: i.calculator_id, name: i.name }] : [])));
      })
      .catch(() => {
        // No list: the lead form below still asks for a quote.
      });
    return () => controller.abort();
  }, []);
  return products;
}

/** The colours a product comes in (null while unknown): the colour shown must be one of them. */
function useProductColours(productId: string): string[] | null {
  const [state, setState] = useState<{ id: string; names: string[] } | null>(null);
  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    getJson<ColoursResponse>(`/api/colours/${encodeURIComponent(productId)}`, { signal: controller.signal })
      .then((r) => setState({ id: productId, names: (r?.colours ?? []).map((c) => c.name) }))
      .catch(() => {
        // Unknown: the order re-checks the colour on the server.
      });
    return () => controller.abort();
  }, [productId]);
  return state?.id === productId ? state.names : null;
}

function positiveMm(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 100_000 ? Math.round(n) : null;
}

export interface ShutterQuoteActionsProps {
  /** The width the preview estimates from the marked corners at the typical height. */
  estimatedWidthMm: number;
  estimatedHeightMm: number;
  /** The panels the preview draws for that width: the first panel count offered. */
  drawnPanels: number;
  colourName: string;
}

export function ShutterQuoteActions({ estimatedWidthMm, estimatedHeightMm, drawnPanels, colourName }: ShutterQuoteActionsProps) {
  const ids = useId();
  const products = useShutterProducts();
  const [productId, setProductId] = useState('');
  const product = products.find((p) => p.id === productId) ?? products[0] ?? null;
  const options = useProductOptions(product?.id ?? '');
  const colours = useProductColours(product?.id ?? '');
  const [size, setSize] = useState<{ widthText: string; heightText: string; source: LineSizeSource }>({
    widthText: String(estimatedWidthMm),
    heightText: String(estimatedHeightMm),
    source: 'ar-typical',
  });
  const [picks, setPicks] = useState<LineOptions>({ panels: String(drawnPanels) });
  const [added, setAdded] = useState<{ key: string; count: number } | null>(null);

  // New corners, new estimate: followed until the customer types a measured size.
  useEffect(() => {
    setSize((s) => (s.source === 'ar-typical' ? { ...s, widthText: String(estimatedWidthMm), heightText: String(estimatedHeightMm) } : s));
  }, [estimatedWidthMm, estimatedHeightMm]);

  const widthMm = positiveMm(size.widthText);
  const heightMm = positiveMm(size.heightText);
  // Only the picks the width allows are sent; the server takes the width's default for the rest.
  const sent = options.status === 'ready' ? keptPicks(options.data.groups, picks, widthMm) : picks;
  const current = useDebouncedPrice(product?.id ?? null, widthMm, heightMm, sent, options.status !== 'loading');
  const key = product && widthMm && heightMm ? JSON.stringify([product.id, widthMm, heightMm, sent]) : '';
  const colourOffered = colours === null || colours.includes(colourName);
  const estimate = isEstimatedSize(size.source);

  function addToQuote() {
    if (!product || current?.status !== 'ok' || !widthMm || !heightMm || !colourOffered) return;
    const line: QuoteLine = {
      id: crypto.randomUUID(),
      product_type: product.id,
      product_name: current.productName ?? product.name,
      width_mm: widthMm,
      drop_mm: heightMm,
      control_side: 'left',
      mount_type: 'inside-recess',
      colour: colourName,
      quantity: 1,
      price: current.price,
      total_price: current.price,
      size_source: size.source,
      ...(current.options ? { options: current.options } : {}),
    };
    const lines = [...readQuoteBlinds(), line];
    writeQuoteBlinds(lines);
    setAdded({ key: `${key}|${colourName}`, count: lines.length });
  }

  if (products.length === 0 || !product) return null;
  return (
    <section className="ar-quote shutters__price" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Price for this shutter</h2>
      <label className="ar-field">
        <span>Shutter</span>
        <select value={product.id} onChange={(e) => setProductId(e.target.value)}>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="ar-field ar-size">
        <legend>Size in millimetres</legend>
        <label className="ar-field">
          <span>Width (mm)</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            value={size.widthText}
            onChange={(e) => setSize((s) => ({ ...s, widthText: e.target.value, source: 'typed' }))}
          />
        </label>
        <label className="ar-field">
          <span>Height (mm)</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            value={size.heightText}
            onChange={(e) => setSize((s) => ({ ...s, heightText: e.target.value, source: 'typed' }))}
          />
        </label>
      </fieldset>
      <OptionFields
        state={options}
        picks={picks}
        widthMm={widthMm}
        fieldClassName="ar-field"
        onPick={(group, code) => setPicks((p) => ({ ...p, [group]: code }))}
      />
      <p>
        Colour: <strong>{colourName}</strong>
        {!colourOffered && <span className="shutters__warning"> ({product.name} does not come in this colour: choose another above.)</span>}
      </p>
      <PriceStatus
        testId="shutter-price"
        price={current}
        checking={widthMm && heightMm ? 'Checking the price…' : null}
        priceFor={`for ${widthMm} x ${heightMm} mm with the options above`}
        estimate={
          estimate &&
          `Estimate: this size is your window's proportions at a typical height of ${estimatedHeightMm} mm. Enter your measured width and height for its price; our team confirms every size before production.`
        }
      />
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={addToQuote} disabled={current?.status !== 'ok' || !colourOffered}>
          Add to my quote
        </button>
      </div>
      <div role="status" aria-live="polite">
        {added?.key === `${key}|${colourName}` && (
          <p>
            Added to your quote ({added.count} {added.count === 1 ? 'item' : 'items'} in it).{' '}
            <Link to="/quote-calculator">Open my quote</Link> to add more or order.
          </p>
        )}
      </div>
    </section>
  );
}
