// The window's size on the AR visualiser: typed, or the measurement /measurement handed over; an
// opening's typical size until both are given (shown as typical everywhere, storefront spec section 9).
import { useState } from 'react';
import type { SizeSource } from '@shared/leads-api';
import type { LineSizeSource } from '@shared/size-sources';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { parseAutoMeasurements, type HandedOverSize } from '../../lib/quote-storage';
import { findOpening, openingFor, type OpeningType } from '../../scene/blind-geometry';

/** The size /measurement handed over (auto-measurements), if one is stored. */
function readStoredMeasurement(): HandedOverSize | null {
  try {
    return parseAutoMeasurements(localStorage.getItem(STORAGE_KEYS.autoMeasurements));
  } catch {
    return null;
  }
}

function positiveInt(text: string): number | null {
  const n = Math.round(Number(text));
  return text.trim() !== '' && Number.isFinite(n) && n >= 100 && n <= 6000 ? n : null;
}

export type ArSize = ReturnType<typeof useArSize>;

export function useArSize(productId: string, openingChoice: string) {
  const [knownWidth, setKnownWidth] = useState('');
  const [knownDrop, setKnownDrop] = useState('');
  const [storedMeasurement] = useState(readStoredMeasurement);
  const [fromMeasurement, setFromMeasurement] = useState(false);

  const openingId = openingFor(productId, openingChoice);
  const opening: OpeningType = findOpening(openingId);
  // Only a complete size of the customer's own replaces the opening's typical one, and the typical
  // one is always labelled as such, on screen and in the lead.
  const givenWidth = positiveInt(knownWidth);
  const givenDrop = positiveInt(knownDrop);
  const ownSize = givenWidth !== null && givenDrop !== null;
  const sizeSource: SizeSource = !ownSize
    ? 'typical'
    : fromMeasurement && storedMeasurement
      ? storedMeasurement.estimated
        ? 'estimated'
        : 'measured'
      : 'customer';
  const widthMm = ownSize ? givenWidth : opening.widthMm;
  const dropMm = ownSize ? givenDrop : opening.dropMm;
  // What a quote line records (worker/shared/size-sources.ts): the handed-over measurement keeps its
  // own source (an A4 scan is a measurement, a scan without it an estimate) and photo.
  const handedOver = sizeSource !== 'customer' && sizeSource !== 'typical' ? storedMeasurement : null;
  const lineSizeSource: LineSizeSource =
    sizeSource === 'typical'
      ? 'ar-typical'
      : handedOver
        ? (handedOver.size_source ?? (handedOver.estimated ? 'scan-estimate' : 'typed'))
        : 'typed';
  const photoKey = handedOver?.photo_key ?? null;
  const partialSize = !ownSize && (knownWidth.trim() !== '' || knownDrop.trim() !== '');

  const typeSize = (which: 'width' | 'drop', text: string) => {
    setFromMeasurement(false);
    (which === 'width' ? setKnownWidth : setKnownDrop)(text);
  };

  const applyStoredMeasurement = () => {
    if (!storedMeasurement) return;
    setKnownWidth(String(storedMeasurement.width_mm));
    setKnownDrop(String(storedMeasurement.drop_mm));
    setFromMeasurement(true);
  };

  return {
    knownWidth,
    knownDrop,
    storedMeasurement,
    fromMeasurement,
    openingId,
    opening,
    sizeSource,
    lineSizeSource,
    photoKey,
    widthMm,
    dropMm,
    partialSize,
    typeSize,
    applyStoredMeasurement,
  };
}
