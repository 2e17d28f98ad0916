// /samples 'Add a colour': any product's colours, for a customer who came straight to the page or
// wants another colour; ?product= (the catalogue's 'Free colour samples' link) preselects the product.
import { useId, useState } from 'react';
import { MAX_SAMPLES } from '@shared/samples-api';
import { useProductColours } from '../../components/colour-picker';
import { useCalculatorProducts } from '../../lib/calculator-products';
import { addSample, sameSwatch, useSampleBasket } from '../../lib/sample-basket';

export function SamplePicker({ initialProduct, onSaid }: { initialProduct: string | null; onSaid: (text: string) => void }) {
  const id = useId();
  const products = useCalculatorProducts();
  const basket = useSampleBasket();
  const [productId, setProductId] = useState(initialProduct ?? '');
  const [colour, setColour] = useState('');
  const product = products.products.find((p) => p.value === productId);
  const full = basket.length >= MAX_SAMPLES;

  function add() {
    if (!product || !colour) return onSaid('Choose a product and one of its colours first.');
    const swatch = { productId: product.value, productName: product.label, colour };
    if (basket.some((s) => sameSwatch(s, swatch))) return onSaid(`${product.label} ${colour} is already in your list.`);
    const result = addSample(swatch);
    onSaid(result === 'added' ? `${product.label} ${colour} added.` : `You can ask for up to ${MAX_SAMPLES} free samples at a time.`);
    setColour('');
  }

  return (
    <fieldset className="samples-picker">
      <legend>Add a colour</legend>
      <div className="samples-picker__fields">
        <div className="field">
          <label htmlFor={`${id}-product`}>Product</label>
          <select
            id={`${id}-product`}
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              setColour('');
            }}
          >
            <option value="">Choose a product</option>
            {products.products.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        {productId ? (
          <ColourSelect id={`${id}-colour`} productId={productId} value={colour} onChange={setColour} />
        ) : (
          <div className="field">
            <label htmlFor={`${id}-colour`}>Colour</label>
            <select id={`${id}-colour`} disabled value="">
              <option value="">Choose a product first</option>
            </select>
          </div>
        )}
      </div>
      {products.status === 'error' && (
        <p className="samples-error" role="alert">
          We could not load our products.{' '}
          <button type="button" className="button button--small button--ghost-dark" onClick={products.retry}>
            Try again
          </button>
        </p>
      )}
      <button type="button" className="button button--ghost-dark" onClick={add} disabled={full}>
        Add this colour
      </button>
      {full && <p className="samples-muted">Your list is full: {MAX_SAMPLES} colours is the most we post at a time.</p>}
    </fieldset>
  );
}

function ColourSelect({
  id,
  productId,
  value,
  onChange,
}: {
  id: string;
  productId: string;
  value: string;
  onChange: (colour: string) => void;
}) {
  const [reload, setReload] = useState(0);
  const colours = useProductColours(productId, reload);
  return (
    <div className="field">
      <label htmlFor={id}>Colour</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={colours.status !== 'ready'}>
        <option value="">{colours.status === 'loading' ? 'Loading colours...' : 'Choose a colour'}</option>
        {colours.status === 'ready' &&
          colours.colours.map((c) => (
            <option key={c.value} value={c.label}>
              {c.label}
            </option>
          ))}
      </select>
      {colours.status === 'error' && (
        <p className="samples-error" role="alert">
          We could not load the colours. {colours.message}{' '}
          <button type="button" className="button button--small button--ghost-dark" onClick={() => setReload((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
