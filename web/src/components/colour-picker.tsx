import { useEffect, useState } from 'react';
import type { ColourDto, ColoursResponse } from '@shared/catalogue-api';
import { ApiError, getJson } from '../lib/api-client';
import { SWATCH_NOTE } from '@shared/swatch-note';

/** A colour option of the AR flow (storefront spec section 3): value, label, hex, texture, material. */
export interface ColourOption {
  value: string;
  label: string;
  hex: string;
  texture: string | null;
  material: string;
}

export type ColoursState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; colours: ColourOption[] };

function toOption(c: ColourDto): ColourOption {
  return { value: c.name, label: c.name, hex: c.hex, texture: c.imageUrl, material: c.material };
}

/** GET /api/colours/{calculator id}; reloads when the product changes, aborting the last request. */
export function useProductColours(productId: string, reloadKey = 0): ColoursState {
  const [state, setState] = useState<ColoursState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<ColoursResponse>(`/api/colours/${encodeURIComponent(productId)}`, { signal: controller.signal })
      .then((body) => setState({ status: 'ready', colours: (body?.colours ?? []).map(toOption) }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Check your connection and try again.';
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [productId, reloadKey]);
  return state;
}

export function ColourPicker({
  state,
  value,
  onChange,
  onRetry,
  name,
}: {
  state: ColoursState;
  value: string | null;
  onChange: (value: string) => void;
  onRetry: () => void;
  name: string;
}) {
  if (state.status === 'loading') {
    return (
      <p className="ar-colours__status" role="status">
        Loading colours…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="ar-colours__status ar-colours__status--error" role="alert">
        <p>We could not load the colours. {state.message}</p>
        <button type="button" className="button button--small button--ghost-dark" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (state.colours.length === 0) return <p className="ar-colours__status">No colours are listed for this product yet.</p>;
  return (
    <>
      <div className="ar-colours" role="radiogroup" aria-label="Colour" aria-describedby={`${name}-swatch-note`}>
        {state.colours.map((c) => (
          <label
            key={c.value}
            className={`ar-colour${c.value === value ? ' ar-colour--selected' : ''}`}
            title={`${c.label} (${c.material})`}
          >
            <input type="radio" name={name} value={c.value} checked={c.value === value} onChange={() => onChange(c.value)} />
            {c.texture ? (
              <img className="ar-colour__swatch" src={c.texture} alt="" width="40" height="40" loading="lazy" />
            ) : (
              <span className="ar-colour__swatch" style={{ background: c.hex }} aria-hidden="true" />
            )}
            <span className="ar-colour__name">{c.label}</span>
          </label>
        ))}
      </div>
      <p className="swatch-note" id={`${name}-swatch-note`}>
        {SWATCH_NOTE}
      </p>
    </>
  );
}
