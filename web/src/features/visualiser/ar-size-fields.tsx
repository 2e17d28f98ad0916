// The size fields of the AR visualiser (the state is use-ar-size.ts): width and drop, the measurement
// handed over, and the note while only one of the two is given.
import type { RefObject } from 'react';
import type { ArSize } from './use-ar-size';

interface ArSizeFieldsProps {
  preview: boolean;
  previewWidthRef: RefObject<HTMLInputElement | null>;
  size: ArSize;
}

export function ArSizeFields({ preview, previewWidthRef, size }: ArSizeFieldsProps) {
  const { opening, knownWidth, knownDrop, typeSize, storedMeasurement, fromMeasurement, applyStoredMeasurement, partialSize } = size;
  return (
    <fieldset className="ar-field ar-size">
      <legend>{preview ? 'Your window size (mm)' : 'Know your size? (optional, mm)'}</legend>
      <label>
        <span>Width</span>
        <input
          ref={preview ? previewWidthRef : undefined}
          type="number"
          inputMode="numeric"
          min="100"
          max="6000"
          placeholder={`typical ${opening.widthMm}`}
          value={knownWidth}
          onChange={(e) => typeSize('width', e.target.value)}
        />
      </label>
      <label>
        <span>Drop</span>
        <input
          type="number"
          inputMode="numeric"
          min="100"
          max="6000"
          placeholder={`typical ${opening.dropMm}`}
          value={knownDrop}
          onChange={(e) => typeSize('drop', e.target.value)}
        />
      </label>
      {storedMeasurement && !fromMeasurement && (
        <button type="button" className="button button--small button--ghost-dark ar-size__use" onClick={applyStoredMeasurement}>
          Use my measurement ({storedMeasurement.width_mm} x {storedMeasurement.drop_mm} mm
          {storedMeasurement.estimated ? ', estimated' : ''})
        </button>
      )}
      {partialSize && (
        <small className="muted ar-size__note">Enter both the width and the drop (100 to 6000 mm) to use your own size.</small>
      )}
    </fieldset>
  );
}
