// /admin/orders/new (staff spec 2.6, DESIGN.md 7b): an order taken by phone, on a site visit or in
// person. The customer, the blinds (product and colour from the catalogue; a price by hand needs a
// reason), how it is fulfilled and paid. The server prices every line and answers the order; this
// screen then opens it. ?lead={id} fills the form from a lead (/leads 'Create order').
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ProductColoursResponse } from '@shared/catalogue-api';
import {
  FULFILMENT_METHODS,
  ORDER_SOURCE_LABELS,
  STAFF_ORDER_SOURCES,
  STAFF_PAYMENT_METHOD_LABELS,
  STAFF_PAYMENT_METHODS,
  type FulfilmentMethod,
  type StaffOrderSource,
  type StaffPaymentMethod,
} from '@shared/fulfilment';
import { MAX_LINES } from '@shared/orders-api';
import { createStaffOrder, fetchLead, fetchProductsWithColours } from './orders-client';
import { Field } from './order-fields';
import { ProblemAlert } from './order-actions';
import {
  checkOrderRequest,
  emptyLine,
  emptyOrderForm,
  FULFILMENT_METHOD_LABELS,
  orderRequestFromForm,
  prefillFromLead,
  problemOf,
  type LineForm,
  type OrderForm,
  type Problem,
} from './orders-model';
import { LineFields } from './new-order-line';
import './orders.css';

type Product = ProductColoursResponse['products'][number];
type Catalogue = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; products: Product[] };

export function NewOrderPage() {
  const [searchParams] = useSearchParams();
  const leadId = searchParams.get('lead')?.trim() ?? '';
  const navigate = useNavigate();
  const [form, setForm] = useState<OrderForm>(emptyOrderForm);
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [leadState, setLeadState] = useState<'none' | 'loading' | 'loaded' | string>(leadId ? 'loading' : 'none');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { source: useId(), method: useId(), payment: useId() };

  useEffect(() => {
    const controller = new AbortController();
    fetchProductsWithColours(controller.signal)
      .then((products) => {
        setCatalogue({ status: 'ready', products });
        // A line without a product yet starts on the first product and its first colour.
        const first = products[0];
        if (first)
          setForm((f) => ({
            ...f,
            lines: f.lines.map((l) => (l.productType ? l : { ...l, productType: first.id, colour: first.colours[0]?.name ?? '' })),
          }));
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          setCatalogue({
            status: 'error',
            message: problemOf(err, 'Could not load the products. Check the connection and reload.').message,
          });
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!leadId) return;
    const controller = new AbortController();
    fetchLead(leadId, controller.signal)
      .then((lead) => {
        if (!lead) {
          setLeadState('That lead was not found; fill in the customer by hand.');
          return;
        }
        setForm((f) => prefillFromLead(f, lead));
        setLeadState('loaded');
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLeadState(problemOf(err, 'Could not load the lead; fill in the customer by hand.').message);
      });
    return () => controller.abort();
  }, [leadId]);

  const products = catalogue.status === 'ready' ? catalogue.products : [];
  const set = <K extends keyof OrderForm>(key: K, value: OrderForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setLine = (index: number, change: Partial<LineForm>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, i) => (i === index ? { ...l, ...change } : l)) }));
  const addLine = () =>
    setForm((f) => {
      const last = f.lines[f.lines.length - 1];
      return { ...f, lines: [...f.lines, emptyLine(last?.productType ?? products[0]?.id ?? '', last?.colour ?? '')] };
    });
  const removeLine = (index: number) => setForm((f) => ({ ...f, lines: f.lines.filter((_, i) => i !== index) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { issues: found, body } = checkOrderRequest(orderRequestFromForm(form));
    setIssues(found);
    if (!body) {
      setProblem({ message: `Please check ${Object.keys(found).length === 1 ? 'the marked field' : 'the marked fields'}.`, issues: found });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await createStaffOrder(body);
      void navigate(`/admin/orders/${encodeURIComponent(answer.order.reference)}`);
    } catch (err) {
      const failed = problemOf(err, 'Could not record the order. Check the connection and try again.');
      setIssues(failed.issues);
      setProblem(failed);
      setBusy(false);
    }
  }

  return (
    <main className="staff-page orders-admin new-order" id="main">
      <p className="order-detail__back">
        <Link to="/admin/orders">Back to orders</Link>
      </p>
      <h1>Record an order</h1>
      <p className="lead">
        An order taken by phone, on a site visit or in person. Prices come from the same grids as the site, unless priced by hand.
      </p>
      {leadState === 'loading' && <p role="status">Loading the lead…</p>}
      {leadState === 'loaded' && (
        <p role="status" className="oa-result">
          Filled in from the lead of {form.name}. Check every detail with the customer.
        </p>
      )}
      {leadState !== 'none' && leadState !== 'loading' && leadState !== 'loaded' && (
        <p role="alert" className="oa-error-text">
          {leadState}
        </p>
      )}

      <form className="oa-form" onSubmit={onSubmit} noValidate aria-label="Record an order">
        <section className="staff-card" aria-labelledby="new-order-customer">
          <h2 id="new-order-customer">Customer</h2>
          <div className="staff-fields">
            <div className="staff-field">
              <label htmlFor={ids.source}>Source</label>
              <select id={ids.source} value={form.source} onChange={(e) => set('source', e.target.value as StaffOrderSource)}>
                {STAFF_ORDER_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_SOURCE_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <Field label="Name" required error={issues['customer.name']}>
              {(control) => (
                <input
                  {...control}
                  value={form.name}
                  onChange={(e) => set('name', e.target.value)}
                  maxLength={120}
                  autoComplete="off"
                  required
                />
              )}
            </Field>
            <Field label="Phone" required error={issues['customer.phone']}>
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  value={form.phone}
                  onChange={(e) => set('phone', e.target.value)}
                  maxLength={40}
                  autoComplete="off"
                  required
                />
              )}
            </Field>
            <Field label="E-mail" hint="The customer gets the receipt and each step by e-mail." error={issues['customer.email']}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  value={form.email}
                  onChange={(e) => set('email', e.target.value)}
                  maxLength={254}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          <Field label="Address" error={issues['customer.address']}>
            {(control) => (
              <textarea {...control} value={form.address} onChange={(e) => set('address', e.target.value)} maxLength={500} rows={2} />
            )}
          </Field>
        </section>

        <section className="staff-card" aria-labelledby="new-order-lines">
          <h2 id="new-order-lines">Blinds</h2>
          {catalogue.status === 'loading' && <p role="status">Loading the products…</p>}
          {catalogue.status === 'error' && (
            <p role="alert" className="oa-error-text">
              {catalogue.message}
            </p>
          )}
          {issues.lines && <p className="oa-error-text">{issues.lines}</p>}
          <ol className="staff-list">
            {form.lines.map((line, index) => (
              <li key={index}>
                <LineFields
                  index={index}
                  line={line}
                  products={products}
                  issues={issues}
                  onChange={(change) => setLine(index, change)}
                  onRemove={form.lines.length > 1 ? () => removeLine(index) : undefined}
                />
              </li>
            ))}
          </ol>
          {form.lines.length < MAX_LINES && (
            <button type="button" className="button button--ghost-dark" onClick={addLine}>
              Add a blind
            </button>
          )}
        </section>

        <section className="staff-card" aria-labelledby="new-order-payment">
          <h2 id="new-order-payment">Fulfilment and payment</h2>
          <div className="staff-fields">
            <div className="staff-field">
              <label htmlFor={ids.method}>Fulfilment</label>
              <select
                id={ids.method}
                value={form.fulfilmentMethod}
                onChange={(e) => set('fulfilmentMethod', e.target.value as FulfilmentMethod)}
              >
                {FULFILMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {FULFILMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div className="staff-field">
              <label htmlFor={ids.payment}>Payment method</label>
              <select
                id={ids.payment}
                value={form.paymentMethod}
                onChange={(e) => set('paymentMethod', e.target.value as StaffPaymentMethod)}
              >
                {STAFF_PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {STAFF_PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="oa-check">
            <input type="checkbox" checked={form.paid} onChange={(e) => set('paid', e.target.checked)} />
            Paid in full now
          </label>
          <Field label="Notes" hint="Kept with the order for the team." error={issues.notes}>
            {(control) => (
              <textarea {...control} value={form.notes} onChange={(e) => set('notes', e.target.value)} maxLength={2000} rows={3} />
            )}
          </Field>
        </section>

        <ProblemAlert problem={problem} />
        <div className="button-row">
          <button type="submit" className="button button--accent" disabled={busy || catalogue.status !== 'ready'}>
            {busy ? 'Recording…' : 'Record order'}
          </button>
          <Link className="button button--ghost-dark" to="/admin/orders">
            Cancel
          </Link>
        </div>
      </form>
    </main>
  );
}
