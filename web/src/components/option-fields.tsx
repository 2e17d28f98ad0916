// A shutter's or awning's options in the calculator (louvre size, frame, panels; manual or
// motorised), read from the catalogue (GET /api/products/options/{id}): each a labelled select
// offering only what the width allows. The server prices what is chosen.
import { useEffect, useState } from 'react';
import type { LineOptions, ProductOptionsResponse } from '@shared/product-options';
import { SelectField } from './select-field';
import { getJson } from '../lib/api-client';
import { choiceLabel, choicesFor, chosenCode } from '../lib/option-choices';
import './option-fields.css';

export type ProductOptionsState =
  | { status: 'none' }
  | { status: 'loading'; productType: string }
  | { status: 'ready'; productType: string; data: ProductOptionsResponse }
  | { status: 'error'; productType: string; retry: () => void };

/** The options of the chosen product, read once per product choice. */
export function useProductOptions(productType: string): ProductOptionsState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ProductOptionsState>({ status: 'none' });
  useEffect(() => {
    if (!productType) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', productType });
    getJson<ProductOptionsResponse>(`/api/products/options/${encodeURIComponent(productType)}`, { signal: controller.signal })
      .then((data) => setState(data ? { status: 'ready', productType, data } : { status: 'none' }))
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', productType, retry: () => setAttempt((n) => n + 1) });
      });
    return () => controller.abort();
  }, [productType, attempt]);
  // A state left from the product before never shows for this one.
  if (state.status !== 'none' && state.productType !== productType)
    return productType ? { status: 'loading', productType } : { status: 'none' };
  return state;
}

/** The grid's second axis for the product: 'Height' for a shutter, 'Projection' for an awning, else 'Drop'. */
export function dropLabelOf(state: ProductOptionsState): string {
  return state.status === 'ready' ? state.data.drop_label : 'Drop';
}

export function hasOptionGroups(state: ProductOptionsState): boolean {
  return state.status === 'ready' && state.data.groups.length > 0;
}

interface OptionFieldsProps {
  state: ProductOptionsState;
  picks: LineOptions | undefined;
  widthMm: number | null;
  onPick: (group: keyof LineOptions, code: string) => void;
  /** The page's own field class (the calculator's qc-field, the visualiser's ar-field). */
  fieldClassName?: string;
}

export function OptionFields({ state, picks, widthMm, onPick, fieldClassName = 'qc-field' }: OptionFieldsProps) {
  if (state.status === 'error') {
    return (
      <p className="option-fields__error" role="alert">
        We could not load this product&apos;s options.{' '}
        <button type="button" className="button button--small button--ghost-dark" onClick={state.retry}>
          Try again
        </button>
      </p>
    );
  }
  if (state.status !== 'ready' || state.data.groups.length === 0) return null;
  return (
    <fieldset className="option-fields" data-testid="product-options">
      <legend>Options</legend>
      <div className="option-fields__grid">
        {state.data.groups.map((group) => {
          const choices = choicesFor(group, widthMm);
          const value = chosenCode(group, picks?.[group.group], widthMm) ?? '';
          return (
            <SelectField
              key={group.group}
              label={group.label}
              value={value}
              options={
                choices.length
                  ? choices.map((c) => ({ value: c.code, label: choiceLabel(c) }))
                  : [{ value: '', label: 'None at this width' }]
              }
              disabled={choices.length === 0}
              className={fieldClassName}
              onChange={(code) => onPick(group.group, code)}
            />
          );
        })}
      </div>
      {state.data.groups.some((g) => g.group === 'panels') && (
        <p className="option-fields__hint">The panel counts offered are the ones that can be made at this width.</p>
      )}
    </fieldset>
  );
}
