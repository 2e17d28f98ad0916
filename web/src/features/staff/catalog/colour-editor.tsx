// The Colour Editor tab (staff spec 2.3, 3 'Catalog colour', 5, 8): the selected product's colours with
// remove, and add a colour (name and 6-digit hex required). The server renders each colour's swatch, so
// the storefront offers it at once.
import { useState, type FormEvent } from 'react';
import { COLOUR_VALIDATION_MESSAGE, HEX_PATTERN, type CatalogProduct } from '@shared/catalog-admin-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { addColour, failureText, removeColour, toastParts } from './catalog-client';

const EMPTY = { name: '', hex: '', fabric: '', material: '', finish: '', description: '', pantone: '' };

export function ColourEditor({ product, onChanged }: { product: CatalogProduct | null; onChanged: (product: CatalogProduct) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const locked = product?.coloursManagedElsewhere ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hex = form.hex.trim();
    // Spec 5: a selected product, a colour name and a hex code.
    if (!product || !form.name.trim() || !hex) {
      toast({ ...toastParts(COLOUR_VALIDATION_MESSAGE), variant: 'destructive' });
      return;
    }
    if (!HEX_PATTERN.test(hex)) {
      toast({ title: 'Validation Error', description: 'The hex code must have 6 digits, like #1A7F7A', variant: 'destructive' });
      return;
    }
    setBusy('add');
    try {
      const { pantone, ...rest } = form;
      const updated = await addColour(product.id, {
        ...rest,
        name: form.name.trim(),
        hex,
        ...(pantone.trim() ? { pantone: pantone.trim() } : {}),
      });
      toast({ title: 'Colour added', description: `${form.name.trim()} is now a colour of ${product.name}.` });
      setForm(EMPTY);
      onChanged(updated);
    } catch (err) {
      const title = err instanceof ApiError && err.status === 400 ? 'Validation Error' : 'Error';
      toast({ title, description: failureText(err, 'Could not add the colour.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (slug: string, name: string) => {
    if (!product) return;
    setBusy(slug);
    try {
      const updated = await removeColour(product.id, slug);
      toast({ title: 'Colour removed', description: `${name} was removed from ${product.name}.` });
      onChanged(updated);
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Could not remove the colour.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  if (!product) return <p>Select a product on the Products tab to edit its colours.</p>;

  return (
    <div className="ca-stack">
      <div className="staff-card ca-card">
        <h2>Colours of {product.name}</h2>
        {product.sharesColoursWith.length > 0 && (
          <p className="ca-note">These colours are shared with {product.sharesColoursWith.join(', ')}: a change here changes them too.</p>
        )}
        {locked && (
          <p className="ca-note">
            The storefront offers the outdoor colour range uploaded on <a href="/admin/colours">Outdoor Blinds Colour Management</a> for
            this product; change its colours there.
          </p>
        )}
        {product.colours.length === 0 ? (
          <p>No colours defined</p>
        ) : (
          <ul className="ca-colour-list" aria-label={`Colours of ${product.name}`}>
            {product.colours.map((c) => (
              <li key={c.slug} className="ca-colour">
                <span className="ca-swatch ca-swatch--large" style={{ backgroundColor: c.hex }} aria-hidden="true">
                  {c.imageUrl && <img src={c.imageUrl} alt="" loading="lazy" width={40} height={40} />}
                </span>
                <span className="ca-colour__text">
                  <strong>{c.name}</strong> <code>{c.hex}</code>
                  <small className="muted">
                    {[c.fabric, c.material, c.finish, c.pantone && `Pantone ${c.pantone}`].filter(Boolean).join(' · ')}
                  </small>
                </span>
                <button
                  type="button"
                  className="button button--small button--ghost-dark"
                  onClick={() => void remove(c.slug, c.name)}
                  disabled={busy !== null || locked}
                >
                  {busy === c.slug ? 'Removing…' : 'Remove'}
                  <span className="visually-hidden"> {c.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <form className="staff-card ca-card" onSubmit={(e) => void submit(e)} noValidate>
        <h2>Add colour</h2>
        <div className="ca-grid">
          <label className="ca-field">
            Colour name
            <input value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={80} disabled={locked} />
          </label>
          <div className="ca-field">
            <label htmlFor="ca-hex">Hex code</label>
            <div className="ca-hex">
              <input
                id="ca-hex"
                value={form.hex}
                onChange={(e) => set('hex', e.currentTarget.value)}
                placeholder="#RRGGBB"
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                disabled={locked}
              />
              <input
                type="color"
                aria-label="Pick the colour"
                value={HEX_PATTERN.test(form.hex.trim()) ? form.hex.trim().toLowerCase() : '#000000'}
                onChange={(e) => set('hex', e.currentTarget.value.toUpperCase())}
                disabled={locked}
              />
            </div>
          </div>
          <label className="ca-field">
            Fabric
            <input value={form.fabric} onChange={(e) => set('fabric', e.currentTarget.value)} maxLength={80} disabled={locked} />
          </label>
          <label className="ca-field">
            Material
            <input value={form.material} onChange={(e) => set('material', e.currentTarget.value)} maxLength={80} disabled={locked} />
          </label>
          <label className="ca-field">
            Finish
            <input value={form.finish} onChange={(e) => set('finish', e.currentTarget.value)} maxLength={80} disabled={locked} />
          </label>
          <label className="ca-field">
            Pantone (optional)
            <input value={form.pantone} onChange={(e) => set('pantone', e.currentTarget.value)} maxLength={40} disabled={locked} />
          </label>
          <label className="ca-field ca-field--wide">
            Description
            <textarea
              value={form.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              rows={2}
              maxLength={500}
              disabled={locked}
            />
          </label>
        </div>
        <button type="submit" className="button button--accent" disabled={busy !== null || locked}>
          {busy === 'add' ? 'Adding…' : 'Add Colour'}
        </button>
      </form>
    </div>
  );
}
