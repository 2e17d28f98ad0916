import { useEffect, useState } from 'react';
import type { ColourDto } from '@shared/catalogue-api';
import { SWATCH_NOTE } from '@shared/swatch-note';
import { ApiError } from '../../lib/api-client';
import { swatchColours } from './calculator-model';
import { fetchColours } from './quote-api';

export type SwatchesState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** listed: how many colours the product has, shown or not. */
  | { status: 'ready'; colours: ColourDto[]; listed: number };

/** GET /api/colours/{product_type} for the chosen product; a product change aborts the last request. */
export function useSwatches(productType: string, reloadKey: number): SwatchesState {
  const [state, setState] = useState<SwatchesState>({ status: 'none' });
  useEffect(() => {
    if (!productType) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchColours(productType, controller.signal)
      .then((body) => {
        const all = body?.colours ?? [];
        setState({ status: 'ready', colours: swatchColours(productType, all), listed: all.length });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Check your connection and try again.',
        });
      });
    return () => controller.abort();
  }, [productType, reloadKey]);
  return state;
}

interface ColourSwatchesProps {
  state: SwatchesState;
  value: string | null;
  onChange: (colour: string) => void;
  onRetry: () => void;
}

/**
 * The colour radio group: swatch images drawn from each colour's supplier value (SWATCH_NOTE says
 * so under them); a honeycomb colour without one shows its hex.
 */
export function ColourSwatches({ state, value, onChange, onRetry }: ColourSwatchesProps) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());

  if (state.status === 'none') return <p className="qc-swatches__status">Choose a product to see its colours.</p>;
  if (state.status === 'loading') {
    return (
      <p className="qc-swatches__status" role="status">
        Loading colours…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="qc-swatches__status qc-swatches__status--error" role="alert">
        <p>We could not load the colours. {state.message}</p>
        <button type="button" className="button button--small button--ghost-dark" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (state.colours.length === 0) {
    return (
      <div className="qc-swatches__status qc-swatches__empty" role="status">
        <p className="qc-swatches__empty-title">{state.listed > 0 ? 'No Authentic Image' : 'Missing Image'}</p>
        <p>
          {state.listed > 0
            ? 'We have no swatch for these colours yet, so we do not offer them online. Contact our team for samples.'
            : 'No colours are listed for this product yet. Contact our team for the range.'}
        </p>
      </div>
    );
  }
  return (
    <>
      <div
        className="qc-swatches"
        role="radiogroup"
        aria-labelledby="qc-colour-label"
        aria-required="true"
        aria-describedby="qc-swatch-note"
      >
        {state.colours.map((c) => {
          const image = c.imageUrl ?? c.swatchPath;
          const selected = c.name === value;
          return (
            <label key={c.name} className={`qc-swatch${selected ? ' qc-swatch--selected' : ''}`} title={`${c.name} (${c.material})`}>
              <input type="radio" name="qc-colour" value={c.name} checked={selected} onChange={() => onChange(c.name)} />
              {image && !broken.has(image) ? (
                <img
                  className="qc-swatch__image"
                  src={image}
                  alt=""
                  width="44"
                  height="44"
                  loading="lazy"
                  onError={() => setBroken((set) => new Set(set).add(image))}
                />
              ) : image ? (
                <span className="qc-swatch__image qc-swatch__image--missing" style={{ background: c.hex }} aria-hidden="true">
                  Missing Image
                </span>
              ) : (
                <span className="qc-swatch__image" style={{ background: c.hex }} aria-hidden="true" />
              )}
              <span className="qc-swatch__name">{c.name}</span>
            </label>
          );
        })}
      </div>
      <p className="swatch-note" id="qc-swatch-note">
        {SWATCH_NOTE}
      </p>
    </>
  );
}
