import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogItem, CatalogOverview } from '@shared/catalogue-api';
import { SWATCH_NOTE } from '@shared/swatch-note';
import { getJson } from '../../lib/api-client';
import { formatRand } from '../../lib/format';
import { PRICE_ON_REQUEST } from '@shared/product-offer';

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; catalog: CatalogOverview };

const GROUPS: { title: string; sections: (keyof CatalogOverview)[] }[] = [
  { title: 'Indoor blinds', sections: ['indoor_blinds'] },
  { title: 'Shutters', sections: ['indoor_shutters', 'outdoor_shutters'] },
  { title: 'Outdoor blinds and awnings', sections: ['outdoor_blinds', 'outdoor_awnings'] },
];

/** Real products, 'from' prices and swatches from the API. */
export function ProductShowcase() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<CatalogOverview>('/api/products/catalog', { signal: controller.signal })
      .then((catalog) => setState(catalog ? { status: 'ready', catalog } : { status: 'error' }))
      .catch(() => !controller.signal.aborted && setState({ status: 'error' }));
    return () => controller.abort();
  }, [attempt]);

  return (
    <section className="showcase" aria-labelledby="showcase-title" aria-busy={state.status === 'loading'}>
      <h2 id="showcase-title">Our range</h2>
      {state.status === 'loading' && <p className="muted">Loading products and prices…</p>}
      {state.status === 'error' && (
        <p role="alert">
          We could not load the product range just now.{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && (
        <>
          {state.catalog.sample_data_note && (
            <p className="sample-note">
              <span className="badge badge--warning">Sample prices</span> {state.catalog.sample_data_note}
            </p>
          )}
          <p className="swatch-note">{SWATCH_NOTE}</p>
          {GROUPS.map((group) => {
            const items = group.sections.flatMap((s) => state.catalog[s] as CatalogItem[]);
            if (items.length === 0) return null;
            return (
              <div key={group.title} className="showcase__group">
                <h3>{group.title}</h3>
                <ul className="product-grid">
                  {items.map((item) => (
                    <ProductCard key={item.id} item={item} />
                  ))}
                </ul>
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}

function ProductCard({ item }: { item: CatalogItem }) {
  const extra = item.colour_count - item.swatches.length;
  return (
    <li className="product-card">
      <h4>{item.name}</h4>
      <p className="product-card__description">{item.description}</p>
      <ul className="swatch-row" aria-label={`${item.colour_count} colours`}>
        {item.swatches.map((s) => (
          <li key={s.name} title={s.name}>
            {s.imageUrl ? (
              <img src={s.imageUrl} alt={s.name} width="28" height="28" loading="lazy" />
            ) : (
              <span className="swatch-dot" style={{ background: s.hex }} />
            )}
          </li>
        ))}
        {extra > 0 && <li className="swatch-more">+{extra}</li>}
      </ul>
      {item.from_price !== null && item.from_size && (
        <p className="product-card__price">
          From <strong>{formatRand(item.from_price)}</strong>
          <span className="muted">
            {' '}
            ({item.from_size.width_mm} × {item.from_size.drop_mm} mm, incl. VAT)
          </span>
        </p>
      )}
      {item.from_price === null && <p className="product-card__price">{PRICE_ON_REQUEST}</p>}
      {item.calculator_id && (
        <Link className="product-card__link" to={`/quote-calculator?product=${encodeURIComponent(item.calculator_id)}`}>
          Price your size <span className="visually-hidden">for {item.name}</span>
        </Link>
      )}
      {item.calculator_id && item.colour_count > 0 && (
        <Link className="product-card__link" to={`/samples?product=${encodeURIComponent(item.calculator_id)}`}>
          Free colour samples <span className="visually-hidden">of {item.name}</span>
        </Link>
      )}
    </li>
  );
}
