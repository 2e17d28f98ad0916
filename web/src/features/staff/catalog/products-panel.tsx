// The Products tab (staff spec 2.3, 3 'Catalog product', 9): catalogue cards with 8 swatches then '+N',
// add a product with the spec's defaults, and edit the selected product's fields.
import { useEffect, useState, type FormEvent } from 'react';
import {
  CATALOG_CATEGORIES,
  INSTALLATION_TYPES,
  PRICE_CATEGORIES,
  type CatalogCategory,
  type CatalogProduct,
  type InstallationType,
  type PriceCategory,
} from '@shared/catalog-admin-api';
import { toast } from '../../../components/toast';
import { createProduct, failureText, updateProduct } from './catalog-client';
import { cardSwatches, listFromText, listToText } from './catalog-model';
import { ProductAvailability } from './product-availability';

interface ProductsPanelProps {
  products: CatalogProduct[];
  load: 'loading' | 'ready' | 'failed';
  selected: CatalogProduct | null;
  onSelect: (id: string) => void;
  onSaved: (product: CatalogProduct) => void;
  onDeleted: (id: string) => void;
  onEditColours: () => void;
  onRetry: () => void;
}

export function ProductsPanel({ products, load, selected, onSelect, onSaved, onDeleted, onEditColours, onRetry }: ProductsPanelProps) {
  return (
    <div className="ca-stack">
      <AddProductForm onAdded={onSaved} />
      {load === 'loading' && <p role="status">Loading the catalog…</p>}
      {load === 'failed' && (
        <div className="ca-note ca-note--error">
          <p>The catalog could not be loaded, so the list is empty.</p>
          <button type="button" className="button button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {load === 'ready' && products.length === 0 && <p>The catalog has no products yet. Add one above or import a catalog file.</p>}
      {products.length > 0 && (
        <ul className="ca-cards" aria-label="Products">
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} selected={selected?.id === p.id} onSelect={() => onSelect(p.id)} />
            </li>
          ))}
        </ul>
      )}
      {selected && <ProductEditor key={selected.id} product={selected} onSaved={onSaved} onEditColours={onEditColours} />}
      {selected && <ProductAvailability product={selected} onSaved={onSaved} onDeleted={onDeleted} />}
    </div>
  );
}

function ProductCard({ product, selected, onSelect }: { product: CatalogProduct; selected: boolean; onSelect: () => void }) {
  const { shown, more } = cardSwatches(product.colours);
  return (
    <article className={`ca-product ${selected ? 'ca-product--selected' : ''}`} data-testid="catalog-card">
      <h3>{product.name}</h3>
      <p className="ca-badges">
        <span className="ca-badge">{product.category}</span>
        {!product.hasPriceList && <span className="ca-badge ca-badge--warn">No price list</span>}
        {product.hidden && <span className="ca-badge ca-badge--warn">Hidden</span>}
      </p>
      {product.description && <p className="ca-product__description">{product.description}</p>}
      {product.colours.length === 0 ? (
        <p className="muted">No colours defined</p>
      ) : (
        <ul className="ca-swatches" aria-label={`${product.colours.length} colours`}>
          {shown.map((c) => (
            <li key={c.slug} className="ca-swatch" style={{ backgroundColor: c.hex }} title={`${c.name} ${c.hex}`}>
              {c.imageUrl && <img src={c.imageUrl} alt="" loading="lazy" width={28} height={28} />}
              <span className="visually-hidden">{c.name}</span>
            </li>
          ))}
          {more > 0 && (
            <li className="ca-swatch ca-swatch--more" aria-label={`and ${more} more`}>
              +{more}
            </li>
          )}
        </ul>
      )}
      <button type="button" className="button button--small" aria-pressed={selected} onClick={onSelect}>
        {selected ? 'Selected' : 'Select'}
        <span className="visually-hidden"> {product.name}</span>
      </button>
    </article>
  );
}

function AddProductForm({ onAdded }: { onAdded: (product: CatalogProduct) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast({ title: 'Validation Error', description: 'Please fill in the product name', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      // Spec 9: category roller, priceCategory standard, installationType both (the server's defaults).
      const product = await createProduct({ name: name.trim() });
      toast({ title: 'Product added', description: `${product.name} was added to the catalog.` });
      setName('');
      onAdded(product);
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Could not add the product.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="staff-card ca-card ca-add" onSubmit={(e) => void submit(e)}>
      <h2>Add product</h2>
      <div className="ca-inline">
        <label className="ca-field">
          Product name
          <input value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} disabled={busy} />
        </label>
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? 'Adding…' : 'Add Product'}
        </button>
      </div>
      <p className="muted">New products start as a roller, standard price category, inside and outside mounting. Edit them once added.</p>
    </form>
  );
}

function ProductEditor({
  product,
  onSaved,
  onEditColours,
}: {
  product: CatalogProduct;
  onSaved: (p: CatalogProduct) => void;
  onEditColours: () => void;
}) {
  const [form, setForm] = useState(() => toForm(product));
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(toForm(product)), [product]);
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      toast({ title: 'Validation Error', description: 'Please fill in the product name', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProduct(product.id, {
        name: form.name.trim(),
        category: form.category,
        description: form.description,
        materials: listFromText(form.materials),
        features: listFromText(form.features),
        suitableFor: listFromText(form.suitableFor),
        priceCategory: form.priceCategory,
        installationType: form.installationType,
        // Sent only when changed: saving other fields keeps a sample lead time marked as the sample.
        ...(Number(form.leadTimeWorkingDays) !== product.leadTimeWorkingDays || !product.leadTimeIsSample
          ? { leadTimeWorkingDays: Number(form.leadTimeWorkingDays) }
          : {}),
      });
      toast({ title: 'Product saved', description: `${saved.name} was updated.` });
      onSaved(saved);
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Could not save the product.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="staff-card ca-card" onSubmit={(e) => void submit(e)} aria-labelledby="ca-edit-title">
      <h2 id="ca-edit-title">Edit {product.name}</h2>
      {!product.hasPriceList && (
        <p className="ca-note" data-testid="no-price-list">
          <strong>Not priced yet.</strong> {product.name} has no price list, so the storefront shows it as 'Price on request' until one is
          uploaded on <a href="/admin/scraper">Admin Panel, Price List Management</a> (a CSV named <code>{product.id}.csv</code>).
        </p>
      )}
      {!product.calculatorId && <p className="muted">The online quote calculator does not list this product.</p>}
      <div className="ca-grid">
        <label className="ca-field">
          Name
          <input value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={120} required />
        </label>
        <ChoiceField
          id="ca-category"
          label="Category"
          value={form.category}
          choices={CATALOG_CATEGORIES}
          onChange={(v) => set('category', v)}
        />
        <ChoiceField
          id="ca-price-category"
          label="Price category"
          value={form.priceCategory}
          choices={PRICE_CATEGORIES}
          onChange={(v) => set('priceCategory', v)}
        />
        <ChoiceField
          id="ca-installation-type"
          label="Installation type"
          value={form.installationType}
          choices={INSTALLATION_TYPES}
          onChange={(v) => set('installationType', v)}
        />
        <div className="ca-field">
          <label htmlFor="ca-lead-time">Production lead time (working days)</label>
          <input
            id="ca-lead-time"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            required
            value={form.leadTimeWorkingDays}
            onChange={(e) => set('leadTimeWorkingDays', e.currentTarget.value)}
            aria-describedby="ca-lead-time-hint"
          />
          <small id="ca-lead-time-hint" className="muted">
            {product.leadTimeIsSample
              ? "Sample value: set this product's own. Customers see the dispatch date it gives, marked as from a sample lead time until then."
              : 'Customers see the expected dispatch date it gives (weekends and public holidays skipped).'}
          </small>
        </div>
        <label className="ca-field ca-field--wide">
          Description
          <textarea value={form.description} onChange={(e) => set('description', e.currentTarget.value)} rows={3} maxLength={2000} />
        </label>
        <label className="ca-field">
          Materials (one per line)
          <textarea value={form.materials} onChange={(e) => set('materials', e.currentTarget.value)} rows={3} />
        </label>
        <label className="ca-field">
          Features (one per line)
          <textarea value={form.features} onChange={(e) => set('features', e.currentTarget.value)} rows={3} />
        </label>
        <label className="ca-field">
          Suitable for (one per line)
          <textarea value={form.suitableFor} onChange={(e) => set('suitableFor', e.currentTarget.value)} rows={3} />
        </label>
      </div>
      <div className="ca-inline">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save Product'}
        </button>
        <button type="button" className="button button--ghost-dark" onClick={onEditColours}>
          Edit colours ({product.colours.length})
        </button>
      </div>
    </form>
  );
}

interface ProductForm {
  name: string;
  category: CatalogCategory;
  description: string;
  materials: string;
  features: string;
  suitableFor: string;
  priceCategory: PriceCategory;
  installationType: InstallationType;
  leadTimeWorkingDays: string;
}

function toForm(p: CatalogProduct): ProductForm {
  return {
    name: p.name,
    category: p.category,
    description: p.description,
    materials: listToText(p.materials),
    features: listToText(p.features),
    suitableFor: listToText(p.suitableFor),
    priceCategory: p.priceCategory,
    installationType: p.installationType,
    leadTimeWorkingDays: String(p.leadTimeWorkingDays),
  };
}

/** A labelled select whose options are the values themselves (the catalogue's category lists). */
function ChoiceField<V extends string>({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  choices: readonly V[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="ca-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
