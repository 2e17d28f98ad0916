// A calculator product without a price list (one staff just added): no price and no order, but the
// lead form, so the team can quote it (storefront spec section 8: what the calculator cannot price
// is quoted by the team). The server refuses to price or order it too (worker/services/product-offer.ts).
import { PRICE_ON_REQUEST, priceOnRequestMessage } from '@shared/product-offer';
import { LeadForm, type LeadSessionData } from '../../components/lead-form';
import type { CalculatorProduct } from '../../lib/calculator-products';
import { parseMm, type BlindForm } from './calculator-model';

/** Inside the Add Blind form, where the price would be. */
export function PriceOnRequestNote({ product }: { product: CalculatorProduct }) {
  return (
    <div className="qc-price" data-testid="qc-price-on-request">
      <p className="qc-problem__title">{PRICE_ON_REQUEST}</p>
      <p>{priceOnRequestMessage(product.label)}</p>
      <p className="qc-hint">
        <a href="#qc-price-on-request-form">Leave your details for a quote</a>
      </p>
    </div>
  );
}

/** After the Add Blind form (a form may not hold another): the lead form for this product and size. */
export function PriceOnRequestLead({ product, form }: { product: CalculatorProduct; form: BlindForm }) {
  const widthMm = parseMm(form.widthText);
  const dropMm = parseMm(form.dropText);
  const sessionData: LeadSessionData = {
    blindType: product.value,
    ...(form.colour ? { colour: form.colour } : {}),
    mountType: form.mountType,
    ...(widthMm !== null && dropMm !== null
      ? { dimensions: { width_mm: widthMm, drop_mm: dropMm, ...(form.sizeSource === 'typed' ? { sizeSource: 'customer' } : {}) } }
      : {}),
  };
  return (
    <div className="qc-panel" id="qc-price-on-request-form">
      <LeadForm source="other" productInterest={product.label} sessionData={sessionData} />
    </div>
  );
}
