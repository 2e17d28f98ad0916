// Whether the selected product is sold on the storefront (staff spec 2.3, '/admin/catalog'): hide it
// (off the calculator, the catalogue, the consultant and the MCP tools within a minute; its orders
// and quotes keep it) or offer it again, and delete one nothing refers to. The server refuses to
// delete a product an order, a saved quote or a price list refers to, and says so.
import { useState } from 'react';
import type { CatalogProduct } from '@shared/catalog-admin-api';
import { toast } from '../../../components/toast';
import { deleteProduct, failureText, setProductHidden } from './catalog-client';

interface ProductAvailabilityProps {
  product: CatalogProduct;
  onSaved: (product: CatalogProduct) => void;
  onDeleted: (id: string) => void;
}

export function ProductAvailability({ product, onSaved, onDeleted }: ProductAvailabilityProps) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const saved = await setProductHidden(product.id, !product.hidden);
      toast({
        title: saved.hidden ? 'Product hidden' : 'Product shown',
        description: saved.hidden
          ? `${saved.name} is no longer offered on the storefront; its orders and quotes keep it.`
          : `${saved.name} is offered on the storefront again.`,
      });
      onSaved(saved);
    } catch (err) {
      toast({ title: 'Error', description: failureText(err, 'Could not change whether the product is shown.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(`Delete ${product.name} and its own colours? This cannot be undone.`)) return;
    setBusy(true);
    setRefusal(null);
    try {
      await deleteProduct(product.id);
      toast({ title: 'Product deleted', description: `${product.name} was deleted from the catalog.` });
      onDeleted(product.id);
    } catch (err) {
      setRefusal(failureText(err, 'Could not delete the product.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff-card ca-card" aria-labelledby="ca-availability-title" data-testid="product-availability">
      <h2 id="ca-availability-title">On the storefront</h2>
      <p role="status">
        {product.hidden
          ? `${product.name} is hidden: customers cannot find or order it. Orders and quotes that have it still show it.`
          : product.hasPriceList
            ? `${product.name} is offered on the storefront and in the quote calculator.`
            : `${product.name} is offered as 'Price on request' (customers leave their details) until it has a price list.`}
      </p>
      <div className="button-row">
        <button type="button" className="button button--small" disabled={busy} onClick={() => void toggle()}>
          {product.hidden ? 'Show on storefront' : 'Hide from storefront'}
        </button>
        <button type="button" className="button button--small button--ghost-dark" disabled={busy} onClick={() => void remove()}>
          Delete product
        </button>
      </div>
      {refusal && (
        <p className="ca-note ca-note--error" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
