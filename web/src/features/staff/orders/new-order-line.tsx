// One blind on the staff order form (/admin/orders/new): product, colour, size, fitting and an
// optional price by hand with its reason.
import { useId } from 'react';
import type { ProductColoursResponse } from '@shared/catalogue-api';
import { CONTROL_SIDES, MOUNT_TYPES } from '@shared/orders-api';
import { Field } from './order-fields';
import { CONTROL_SIDE_LABELS, MOUNT_TYPE_LABELS, type LineForm } from './orders-model';

type Product = ProductColoursResponse['products'][number];

export function LineFields({
  index,
  line,
  products,
  issues,
  onChange,
  onRemove,
}: {
  index: number;
  line: LineForm;
  products: Product[];
  issues: Record<string, string>;
  onChange: (change: Partial<LineForm>) => void;
  onRemove?: () => void;
}) {
  const n = index + 1;
  const issue = (key: string) => issues[`lines.${index}.${key}`];
  const product = products.find((p) => p.id === line.productType);
  const colours = product?.colours ?? [];
  const ids = { product: useId(), colour: useId(), side: useId(), mount: useId() };
  return (
    <fieldset className="staff-list-item oa-line" data-testid="new-order-line">
      <legend>Blind {n}</legend>
      <div className="staff-fields">
        <div className="staff-field">
          <label htmlFor={ids.product}>Product</label>
          <select
            id={ids.product}
            value={line.productType}
            aria-invalid={issue('product_type') ? true : undefined}
            onChange={(e) => {
              const next = products.find((p) => p.id === e.target.value);
              onChange({ productType: e.target.value, colour: next?.colours[0]?.name ?? '' });
            }}
          >
            {products.length === 0 && <option value="">No products loaded</option>}
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {issue('product_type') && <span className="oa-error-text">{issue('product_type')}</span>}
        </div>
        <div className="staff-field">
          <label htmlFor={ids.colour}>Colour</label>
          <select
            id={ids.colour}
            value={line.colour}
            aria-invalid={issue('colour') ? true : undefined}
            onChange={(e) => onChange({ colour: e.target.value })}
          >
            {colours.length === 0 && <option value="">No colours for this product</option>}
            {colours.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          {issue('colour') && <span className="oa-error-text">{issue('colour')}</span>}
        </div>
        <Field label="Width (mm)" required error={issue('width_mm')}>
          {(control) => (
            <input {...control} inputMode="numeric" value={line.widthMm} onChange={(e) => onChange({ widthMm: e.target.value })} required />
          )}
        </Field>
        <Field label="Drop (mm)" required error={issue('drop_mm')}>
          {(control) => (
            <input {...control} inputMode="numeric" value={line.dropMm} onChange={(e) => onChange({ dropMm: e.target.value })} required />
          )}
        </Field>
        <Field label="Quantity" error={issue('quantity')}>
          {(control) => (
            <input {...control} inputMode="numeric" value={line.quantity} onChange={(e) => onChange({ quantity: e.target.value })} />
          )}
        </Field>
        <div className="staff-field">
          <label htmlFor={ids.side}>Control side</label>
          <select
            id={ids.side}
            value={line.controlSide}
            onChange={(e) => onChange({ controlSide: e.target.value as LineForm['controlSide'] })}
          >
            {CONTROL_SIDES.map((s) => (
              <option key={s} value={s}>
                {CONTROL_SIDE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.mount}>Mount</label>
          <select id={ids.mount} value={line.mountType} onChange={(e) => onChange({ mountType: e.target.value as LineForm['mountType'] })}>
            {MOUNT_TYPES.map((m) => (
              <option key={m} value={m}>
                {MOUNT_TYPE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="oa-check">
        <input type="checkbox" checked={line.measuredByStaff} onChange={(e) => onChange({ measuredByStaff: e.target.checked })} />
        Measured by our team
      </label>
      <label className="oa-check">
        <input type="checkbox" checked={line.manualPrice} onChange={(e) => onChange({ manualPrice: e.target.checked })} />
        Price by hand
      </label>
      {line.manualPrice && (
        <div className="staff-fields">
          <Field label="Unit price (R, incl. VAT)" required error={issue('manualPrice')}>
            {(control) => (
              <input {...control} inputMode="decimal" value={line.price} onChange={(e) => onChange({ price: e.target.value })} required />
            )}
          </Field>
          <Field label="Reason for the price" required error={issue('manualPriceReason')}>
            {(control) => (
              <input
                {...control}
                value={line.priceReason}
                onChange={(e) => onChange({ priceReason: e.target.value })}
                maxLength={300}
                required
              />
            )}
          </Field>
        </div>
      )}
      {onRemove && (
        <button type="button" className="button button--small button--ghost-dark" onClick={onRemove}>
          Remove blind {n}
        </button>
      )}
    </fieldset>
  );
}
