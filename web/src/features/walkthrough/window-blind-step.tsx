// Window step 2: the product, its colour, the window's size in mm, the mount and the control side.
import type { FormEvent, ReactNode } from 'react';
import { SelectField } from '../../components/select-field';
import { PREVIEW_PRODUCTS } from '../../scene/blind-geometry';
import { ColourPicker, type ColoursState } from '../../components/colour-picker';
import { CONTROL_SIDES, MOUNT_TYPES, typedSize, type WindowDraft } from './walkthrough-model';
import type { WindowChange } from './walkthrough-types';

const PRODUCT_OPTIONS = PREVIEW_PRODUCTS.map((p) => ({ value: p.id, label: p.label }));

interface WindowBlindStepProps {
  index: number;
  window: WindowDraft;
  heading: (text: string) => ReactNode;
  coloursState: ColoursState;
  showErrors: boolean;
  widthMm: number | null;
  dropMm: number | null;
  onChange: (change: WindowChange) => void;
  onColourRetry: () => void;
  confirmBlind: (e: FormEvent) => void;
  onBack: () => void;
}

export function WindowBlindStep({
  index,
  window: w,
  heading,
  coloursState,
  showErrors,
  widthMm,
  dropMm,
  onChange,
  onColourRetry,
  confirmBlind,
  onBack,
}: WindowBlindStepProps) {
  return (
    <form className="ar-panel wt-panel" onSubmit={confirmBlind} noValidate>
      {heading(`Window ${index + 1}: blind, colour and size`)}
      <SelectField label="Product" value={w.productId} options={PRODUCT_OPTIONS} onChange={(productId) => onChange({ productId })} />
      <div className="ar-field">
        <span id={`wt-colour-label-${index}`}>Colour</span>
        <ColourPicker
          state={coloursState}
          value={w.colour}
          onChange={(value) => onChange({ colour: value })}
          onRetry={onColourRetry}
          name={`wt-colour-${index}`}
        />
        {showErrors && !w.colour && (
          <p className="wt-error" role="alert">
            Choose a colour.
          </p>
        )}
      </div>
      <fieldset className="ar-field ar-size">
        <legend>The window's size in mm</legend>
        <label>
          <span>Width (mm)</span>
          <input
            type="number"
            inputMode="numeric"
            min="1"
            required
            aria-invalid={showErrors && widthMm === null}
            value={w.widthText}
            onChange={(e) => onChange(typedSize({ widthText: e.target.value }))}
          />
        </label>
        <label>
          <span>Drop (mm)</span>
          <input
            type="number"
            inputMode="numeric"
            min="1"
            required
            aria-invalid={showErrors && dropMm === null}
            value={w.dropText}
            onChange={(e) => onChange(typedSize({ dropText: e.target.value }))}
          />
        </label>
      </fieldset>
      {showErrors && (widthMm === null || dropMm === null) && (
        <p className="wt-error" role="alert">
          Enter the window's width and drop in millimetres.
        </p>
      )}
      <div className="wt-pair">
        <SelectField label="Mount type" value={w.mountType} options={MOUNT_TYPES} onChange={(mountType) => onChange({ mountType })} />
        <SelectField
          label="Control side"
          value={w.controlSide}
          options={CONTROL_SIDES}
          onChange={(controlSide) => onChange({ controlSide })}
        />
      </div>
      <div className="button-row wt-nav">
        <button type="button" className="button button--ghost-dark" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button--accent">
          Next
        </button>
      </div>
    </form>
  );
}
