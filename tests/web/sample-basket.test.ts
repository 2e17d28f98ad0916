// The free-sample basket (web/src/lib/sample-basket.ts): at most MAX_SAMPLES colours, one of each,
// kept in localStorage for /samples.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAMPLES } from '@shared/samples-api';
import { addSample, clearSamples, removeSample, sampleBasket } from '../../web/src/lib/sample-basket';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';

const swatch = (colour: string) => ({ productId: 'roller-blockout', productName: 'Roller blockout', colour });

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

describe('sample basket', () => {
  beforeEach(() => {
    store.clear();
    clearSamples();
  });

  it('adds each colour once, whatever its case, and keeps it in localStorage', () => {
    expect(addSample(swatch('Charcoal'))).toBe('added');
    expect(addSample(swatch('charcoal'))).toBe('already');
    expect(sampleBasket()).toEqual([swatch('Charcoal')]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.sampleBasket)!)).toEqual([swatch('Charcoal')]);
  });

  it(`stops at ${MAX_SAMPLES} colours`, () => {
    for (let i = 0; i < MAX_SAMPLES; i++) expect(addSample(swatch(`Colour ${i}`))).toBe('added');
    expect(addSample(swatch('One too many'))).toBe('full');
    expect(sampleBasket()).toHaveLength(MAX_SAMPLES);
  });

  it('removes a colour, and empties', () => {
    addSample(swatch('Charcoal'));
    addSample(swatch('Sand'));
    removeSample(swatch('CHARCOAL'));
    expect(sampleBasket().map((s) => s.colour)).toEqual(['Sand']);
    clearSamples();
    expect(sampleBasket()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.sampleBasket)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(STORAGE_KEYS.sampleBasket, '{not json');
    expect(sampleBasket()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.sampleBasket, JSON.stringify([{ productId: 1 }, swatch('Sand')]));
    expect(sampleBasket()).toEqual([swatch('Sand')]);
  });
});
