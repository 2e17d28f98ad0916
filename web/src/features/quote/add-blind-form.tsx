import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { MEASURING_GUIDE_PATH } from '@shared/measuring-rules';
import { SelectField } from '../../components/select-field';
import { dropLabelOf, hasOptionGroups, OptionFields, useProductOptions } from '../../components/option-fields';
import { keptPicks } from '../../lib/option-choices';
import { toast } from '../../components/toast';
import { SizeEstimateBadge } from '../../components/size-estimate';
import { RoomKept } from '../../components/room-kept';
import { formatRand } from '../../lib/format';
import {
  buildQuoteLine,
  canAddBlind,
  canOrderBlindNow,
  COMPLETE_BLIND_CONFIGURATION,
  editSize,
  emptyBlindForm,
  lineTotal,
  MAX_QUANTITY,
  MISSING_INFORMATION,
  parseMm,
  parseQuantity,
  priceCheckInput,
  priceKey,
  pricePathFromAnswer,
  pricePathFromFailure,
  type BlindForm,
  type PricePathResult,
} from './calculator-model';
import { ColourSwatches, useSwatches } from './colour-swatches';
import { FreeSampleButton } from '../../components/free-sample-button';
import { MeasuredSizeNote } from './measured-size-note';
import { measuredFrame, withConvertedSize, type MeasuredFrame } from './measured-size';
import { fetchPricing, newId } from './quote-api';
import type { CalculatorProduct, CalculatorProductsState } from '../../lib/calculator-products';
import { CONTROL_SIDES, MOUNT_TYPES, type ControlSide, type HandedOverSize, type MountType, type QuoteLine } from '../../lib/quote-storage';
import { PriceOnRequestLead, PriceOnRequestNote } from './price-on-request';
import { TeamContact } from './team-contact';
import { useLivePrice, type LivePriceState } from './use-live-price';
import { isEstimatedSize, LINE_SIZE_SOURCE_LABELS } from '@shared/size-sources';

/** 'photo scan without an A4 sheet' for an estimated source. */
const sizeSourceLabel = (source: keyof typeof LINE_SIZE_SOURCE_LABELS | undefined) =>
  source ? LINE_SIZE_SOURCE_LABELS[source].replace(/^estimate: /, '') : '';

/** The product list as it loads: the catalogue's products once it answers (read from D1, never a built-in list). */
function productOptions(state: CalculatorProductsState) {
  if (state.status === 'loading' && state.products.length === 0) return [{ value: '', label: 'Loading products…' }];
  return [{ value: '', label: 'Select a product' }, ...state.products.map(({ value, label }) => ({ value, label }))];
}

interface AddBlindFormProps {
  /** The calculator's products (lib/calculator-products.ts). */
  products: CalculatorProductsState;
  /** A product to choose once the list is known (the landing card's 'Price your size': ?product=). */
  preselect?: string | null;
  /** Width and drop handed over by the measuring tools, prefilled once (flagged when a photo estimate). */
  initialSize: HandedOverSize | null;
  /** A line of a quote from the chat to fill in (chat-quote.tsx); it wins over initialSize. */
  prefill?: BlindForm | null;
  /** Answers false when the line could not be kept (storage full). */
  onAdd: (line: QuoteLine) => boolean;
  onOrderNow: (line: QuoteLine) => void;
  onSamplePrices: () => void;
}

/** Spec section 2 'Add Blind' and section 5: the blind's product, size, options, colour and live price. */
export function AddBlindForm({ products, preselect, initialSize, prefill, onAdd, onOrderNow, onSamplePrices }: AddBlindFormProps) {
  // A scanned outer frame is converted for the mount type (the default is inside recess).
  const [frame, setFrame] = useState<MeasuredFrame | null>(() => (prefill ? null : measuredFrame(initialSize)));
  const [form, setForm] = useState<BlindForm>(
    () => prefill ?? (frame ? withConvertedSize(emptyBlindForm(initialSize), frame) : emptyBlindForm(initialSize)),
  );
  const [colourReload, setColourReload] = useState(0);
  const [priceRetry, setPriceRetry] = useState(0);
  const [adding, setAdding] = useState(false);
  const productRef = useRef<HTMLDivElement>(null);
  const swatches = useSwatches(form.productType, colourReload);
  const productOpts = useProductOptions(form.productType);
  const withOptions = hasOptionGroups(productOpts);
  const dropLabel = dropLabelOf(productOpts);
  const widthMm = parseMm(form.widthText);
  const product: CalculatorProduct | undefined = products.products.find((p) => p.value === form.productType);
  // A product without a price list is quoted by the team: no price check, no Add or Order.
  const onRequest = product && !product.priced ? product : null;
  const input = onRequest ? null : priceCheckInput(form);
  const live = useLivePrice(input, priceRetry);
  const livePrice = live.status === 'done' ? live.price : null;
  const quantity = parseQuantity(form.quantityText);
  const addable = !onRequest && canAddBlind(form);

  const update = (change: Partial<BlindForm>) => setForm((f) => ({ ...f, ...change }));

  /** A typed width or drop is the customer's own: a scanned frame is no longer converted into it. */
  function typeSize(change: { widthText?: string; dropText?: string }) {
    setForm((f) => editSize(f, change));
    setFrame((fr) => (fr?.following ? { ...fr, following: false } : fr));
  }

  /** The mount type decides what a scanned frame converts to, until the customer types a size. */
  function chooseMount(mountType: MountType) {
    setForm((f) => (frame?.following ? withConvertedSize({ ...f, mountType }, frame) : { ...f, mountType }));
  }

  useEffect(() => {
    if (preselect && products.products.some((p) => p.value === preselect)) {
      setForm((f) => (f.productType ? f : { ...f, productType: preselect }));
    }
  }, [preselect, products.products]);

  // A panel count (or other pick) the width no longer allows falls back to the width's default.
  useEffect(() => {
    if (productOpts.status !== 'ready' || !form.options) return;
    const kept = keptPicks(productOpts.data.groups, form.options, widthMm);
    if (Object.keys(kept).length !== Object.keys(form.options).length) update({ options: kept });
  }, [productOpts, widthMm, form.options]);

  useEffect(() => {
    if (livePrice?.status === 'ok' && livePrice.samplePrices) onSamplePrices();
  }, [livePrice, onSamplePrices]);

  // A colour the product does not offer (e.g. the list changed) is not kept.
  useEffect(() => {
    if (swatches.status === 'ready' && form.colour && !swatches.colours.some((c) => c.name === form.colour)) update({ colour: null });
  }, [swatches, form.colour]);

  /** The price path: the live answer for this exact size when there is one, else a fresh request. */
  async function pricePath(snapshot: BlindForm): Promise<PricePathResult> {
    const size = priceCheckInput(snapshot)!;
    const outcome =
      live.status === 'done' && live.key === priceKey(size) && 'answer' in live.outcome ? live.outcome : await fetchPricing(size);
    return 'answer' in outcome ? pricePathFromAnswer(outcome.answer, size.widthMm, size.dropMm) : pricePathFromFailure(outcome.failure);
  }

  async function add(e?: FormEvent) {
    e?.preventDefault();
    if (adding) return;
    if (!canAddBlind(form)) {
      toast({ ...MISSING_INFORMATION, variant: 'destructive' });
      return;
    }
    const snapshot = form;
    setAdding(true);
    const priced = await pricePath(snapshot);
    setAdding(false);
    if (!priced.ok) {
      toast({ title: priced.title, description: priced.description, variant: 'destructive' });
      return;
    }
    if (priced.samplePrices) onSamplePrices();
    const line = buildQuoteLine(snapshot, priced.unitPrice, newId(), products.products, priced.options);
    if (!line || !onAdd(line)) return;
    toast({
      title: 'Blind added',
      description: `${line.product_name}, ${line.width_mm} x ${line.drop_mm} mm, ${line.colour}.${isEstimatedSize(line.size_source) ? " The size is an estimate: we'll confirm it before production." : ''}`,
    });
    setForm(emptyBlindForm(null));
    setFrame(null);
    productRef.current?.querySelector('select')?.focus();
  }

  function orderNow() {
    if (!canOrderBlindNow(form, livePrice) || livePrice?.status !== 'ok') {
      toast({ ...COMPLETE_BLIND_CONFIGURATION, variant: 'destructive' });
      return;
    }
    const line = buildQuoteLine(form, livePrice.unitPrice, newId(), products.products, livePrice.options);
    if (line) onOrderNow(line);
  }

  // Enter in a field adds the blind even while the button is disabled, so the customer hears why not.
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target.tagName === 'INPUT') {
      e.preventDefault();
      void add();
    }
  }

  return (
    <>
      <form className="qc-panel qc-form" onSubmit={add} onKeyDown={onKeyDown} aria-labelledby="qc-add-title" noValidate>
        <h2 id="qc-add-title">Add Blind</h2>
        <div ref={productRef}>
          <SelectField
            label="Product"
            value={form.productType}
            options={productOptions(products)}
            disabled={products.status === 'loading' && products.products.length === 0}
            className="qc-field"
            onChange={(productType) => update({ productType, colour: null, options: undefined })}
          />
          {products.status === 'error' && (
            <p className="qc-error" role="alert">
              We could not load the products.{' '}
              <button type="button" className="button button--small button--ghost-dark" onClick={products.retry}>
                Try again
              </button>
            </p>
          )}
        </div>
        <fieldset className="qc-field qc-size">
          <legend>Size in millimetres</legend>
          <MillimetreField label="Width (mm)" value={form.widthText} onChange={(widthText) => typeSize({ widthText })} />
          <MillimetreField label={`${dropLabel} (mm)`} value={form.dropText} onChange={(dropText) => typeSize({ dropText })} />
          <p id="qc-size-hint" className="qc-hint">
            Measure the opening in millimetres. Blinds over 3000 mm are made to order by our team.
          </p>
          {isEstimatedSize(form.sizeSource) && (
            <div className="qc-estimate" data-testid="qc-form-estimate">
              <p>
                <SizeEstimateBadge source={form.sizeSource} /> This size is an estimate ({sizeSourceLabel(form.sizeSource)}). Type your
                measured width and drop to replace it, or keep it and our team will confirm it with you.
              </p>
            </div>
          )}
          {frame && <MeasuredSizeNote frame={frame} mountType={form.mountType} />}
        </fieldset>
        <OptionFields
          state={productOpts}
          picks={form.options}
          widthMm={widthMm}
          onPick={(group, code) => update({ options: { ...form.options, [group]: code } })}
        />
        {/* A shutter or awning has no control side or blind mount: its options above say how it is made. */}
        {!withOptions && (
          <>
            <div className="qc-pair">
              <SelectField<ControlSide>
                label="Control side"
                value={form.controlSide}
                options={CONTROL_SIDES}
                className="qc-field"
                onChange={(controlSide) => update({ controlSide })}
              />
              <SelectField<MountType>
                label="Mount type"
                value={form.mountType}
                options={MOUNT_TYPES}
                className="qc-field"
                onChange={chooseMount}
              />
            </div>
            <p className="qc-hint qc-mount-guide">
              Inside the recess or face fix? Our <Link to={MEASURING_GUIDE_PATH}>tape-measure guide</Link> shows where to measure for each,
              and what we add or take off.
            </p>
          </>
        )}
        <div className="qc-field">
          <span className="qc-field__label" id="qc-colour-label">
            Colour{form.colour ? `: ${form.colour}` : ''}
          </span>
          <ColourSwatches
            state={swatches}
            value={form.colour}
            onChange={(colour) => update({ colour })}
            onRetry={() => setColourReload((n) => n + 1)}
          />
          <FreeSampleButton
            swatch={product && form.colour ? { productId: product.value, productName: product.label, colour: form.colour } : null}
          />
        </div>
        <label className="qc-field qc-quantity">
          <span>Quantity</span>
          <input
            className="qc-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            value={form.quantityText}
            onChange={(e) => update({ quantityText: e.target.value })}
            onBlur={() => quantity === null && form.quantityText.trim() === '' && update({ quantityText: '1' })}
            aria-invalid={quantity === null}
            aria-describedby={quantity === null ? 'qc-quantity-error' : undefined}
          />
          {quantity === null && (
            <small id="qc-quantity-error" className="qc-error">
              Enter a whole number from 1 to {MAX_QUANTITY}.
            </small>
          )}
        </label>

        {onRequest ? (
          <PriceOnRequestNote product={onRequest} />
        ) : (
          <LivePricePanel
            live={live}
            label={product?.label ?? form.productType}
            form={form}
            quantity={quantity ?? 1}
            samplePrices={product?.samplePrices ?? false}
            onRetry={() => setPriceRetry((n) => n + 1)}
          />
        )}

        {!onRequest && (
          <div className="button-row qc-form__actions">
            <button
              type="submit"
              className="button button--accent"
              disabled={!addable || adding}
              aria-describedby={addable ? undefined : 'qc-add-hint'}
            >
              {adding ? 'Adding…' : 'Add Blind'}
            </button>
            <button type="button" className="button button--ghost-dark" onClick={orderNow}>
              Order This Blind Now
            </button>
          </div>
        )}
        {!addable && !onRequest && (
          <p id="qc-add-hint" className="qc-hint">
            Choose a product, enter the width and drop, and pick a colour to add the blind.
          </p>
        )}
      </form>
      {onRequest && <PriceOnRequestLead product={onRequest} form={form} />}
    </>
  );
}

function LivePricePanel({
  live,
  label,
  form,
  quantity,
  samplePrices,
  onRetry,
}: {
  live: LivePriceState;
  label: string;
  form: BlindForm;
  quantity: number;
  /** The catalogue says the product is on sample prices: the room kept for the price has the badge's line too. */
  samplePrices: boolean;
  onRetry: () => void;
}) {
  const price = live.status === 'done' ? live.price : null;
  const waiting =
    live.status === 'idle'
      ? 'Choose a product and enter the width and drop to see the price.'
      : live.status === 'checking'
        ? 'Checking the price…'
        : null;
  return (
    <div className="qc-price" aria-live="polite" aria-atomic="true" data-testid="qc-live-price">
      {waiting && (
        // The price's room is kept until it comes, so Add Blind below does not jump down under a
        // finger (or a click) when it arrives.
        <RoomKept
          status={<p className="qc-hint">{waiting}</p>}
          standIn={<PriceFigures unitPrice={ROOM_UNIT_PRICE} quantity={quantity} samplePrices={samplePrices} room />}
        />
      )}
      {price?.status === 'ok' && <PriceFigures unitPrice={price.unitPrice} quantity={quantity} samplePrices={price.samplePrices} />}
      {price?.status === 'problem' && (
        <div className="qc-problem" data-testid="qc-price-problem">
          <p className="qc-problem__title">{price.title}</p>
          <p>{price.description}</p>
          {price.retry && (
            <button type="button" className="button button--small button--ghost-dark" onClick={onRetry}>
              Try again
            </button>
          )}
          {price.contactTeam && <TeamContact subject={`${label} ${form.widthText} x ${form.dropText} mm`} />}
        </div>
      )}
    </div>
  );
}

/** Never shown: a price as wide as a blind's, so the room kept for the figures wraps as they will. */
const ROOM_UNIT_PRICE = 99_999.99;

/** The unit price and line total; `room`: the hidden stand-in that keeps their place, which tests must not find. */
function PriceFigures({
  unitPrice,
  quantity,
  samplePrices,
  room = false,
}: {
  unitPrice: number;
  quantity: number;
  samplePrices: boolean;
  room?: boolean;
}) {
  return (
    <>
      <dl className="qc-price__figures">
        <div>
          <dt>Unit price</dt>
          <dd data-testid={room ? undefined : 'qc-unit-price'}>{formatRand(unitPrice)}</dd>
        </div>
        <div>
          <dt>Line total ({quantity} × blind)</dt>
          <dd data-testid={room ? undefined : 'qc-line-total'}>{formatRand(lineTotal(unitPrice, quantity))}</dd>
        </div>
      </dl>
      <p className="qc-hint">
        Prices include 15% VAT.{samplePrices && <span className="badge badge--warning qc-sample">Sample prices</span>}
      </p>
    </>
  );
}

/** A whole number of millimetres, described by the size hint under the pair. */
function MillimetreField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="qc-field">
      <span>{label}</span>
      <input
        className="qc-input"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="qc-size-hint"
      />
    </label>
  );
}
