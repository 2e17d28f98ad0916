// /admin/orders (staff spec 2.6, DESIGN.md 7b): every order, newest first: search by reference, name,
// phone or e-mail, filter by fulfilment status, payment, source, kind (orders or free samples) and
// date, or by a dashboard alert.
// The filters live in the URL query, so the dashboard's alert links open exactly those orders.
// A table on a desktop, cards on a phone; 'Load more' follows the server's cursor.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_ALERT_LABELS, type AdminOrderSummary } from '@shared/admin-orders-api';
import {
  FULFILMENT_LABELS,
  FULFILMENT_STATUSES,
  ORDER_KIND_LABELS,
  ORDER_KINDS,
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
} from '@shared/fulfilment';
import { SIZES_TO_BE_CONFIRMED } from '@shared/size-sources';
import { formatRandFromCents } from '../../../lib/format';
import { fetchOrders } from './orders-client';
import {
  filtersFromSearch,
  filtersToSearch,
  formatOrderTime,
  hasFilters,
  NO_FILTERS,
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
  problemOf,
  type OrderFilters,
} from './orders-model';
import './orders.css';

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; orders: AdminOrderSummary[]; nextCursor: string | null; more: 'idle' | 'loading' | string };

export function OrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = filtersToSearch(filtersFromSearch(searchParams)).toString();
  const filters = filtersFromSearch(new URLSearchParams(query));
  const [draft, setDraft] = useState<OrderFilters>(filters);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const ids = { q: useId(), status: useId(), payment: useId(), source: useId(), kind: useId(), from: useId(), to: useId() };

  // The URL is the truth: a new query (a link, Back, a search) loads its first page again.
  useEffect(() => {
    setDraft(filtersFromSearch(new URLSearchParams(query)));
    const controller = new AbortController();
    setList({ status: 'loading' });
    fetchOrders(filtersFromSearch(new URLSearchParams(query)), null, controller.signal)
      .then((page) => setList({ status: 'ready', orders: page.orders, nextCursor: page.nextCursor, more: 'idle' }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          setList({ status: 'error', message: problemOf(err, 'Could not load the orders. Check the connection and try again.').message });
      });
    return () => controller.abort();
  }, [query, attempt]);

  async function loadMore() {
    if (list.status !== 'ready' || !list.nextCursor) return;
    const shown = list;
    setList({ ...shown, more: 'loading' });
    try {
      const page = await fetchOrders(filters, shown.nextCursor);
      setList({ status: 'ready', orders: [...shown.orders, ...page.orders], nextCursor: page.nextCursor, more: 'idle' });
    } catch (err) {
      setList({ ...shown, more: problemOf(err, 'Could not load more orders. Try again.').message });
    }
  }

  function apply(next: OrderFilters) {
    setSearchParams(filtersToSearch(next));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <main className="staff-page orders-admin" id="main">
      <header className="orders-admin__head">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Orders</h1>
          <p className="lead">Every order, online or taken by staff: confirm its sizes, make it, dispatch it and follow it to the wall.</p>
        </div>
        <Link className="button button--accent" to="/admin/orders/new">
          Record an order
        </Link>
      </header>

      <section className="staff-card" aria-labelledby="orders-filter-title">
        <h2 id="orders-filter-title" className="visually-hidden">
          Find orders
        </h2>
        <form className="orders-filters" onSubmit={onSubmit} role="search" aria-label="Orders">
          <div className="staff-field orders-filters__search">
            <label htmlFor={ids.q}>Search by reference, name, phone or e-mail</label>
            <input id={ids.q} type="search" value={draft.q} onChange={(e) => set('q', e.target.value)} maxLength={120} autoComplete="off" />
          </div>
          <div className="staff-field">
            <label htmlFor={ids.status}>Fulfilment status</label>
            <select id={ids.status} value={draft.status} onChange={(e) => set('status', e.target.value as OrderFilters['status'])}>
              <option value="">Any status</option>
              {FULFILMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FULFILMENT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-field">
            <label htmlFor={ids.payment}>Payment status</label>
            <select id={ids.payment} value={draft.payment} onChange={(e) => set('payment', e.target.value as OrderFilters['payment'])}>
              <option value="">Any payment</option>
              {Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-field">
            <label htmlFor={ids.source}>Source</label>
            <select id={ids.source} value={draft.source} onChange={(e) => set('source', e.target.value as OrderFilters['source'])}>
              <option value="">Any source</option>
              {ORDER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_SOURCE_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-field">
            <label htmlFor={ids.kind}>Kind</label>
            <select id={ids.kind} value={draft.kind} onChange={(e) => set('kind', e.target.value as OrderFilters['kind'])}>
              <option value="">Orders and samples</option>
              {ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ORDER_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-field">
            <label htmlFor={ids.from}>Ordered from</label>
            <input id={ids.from} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          </div>
          <div className="staff-field">
            <label htmlFor={ids.to}>Ordered to</label>
            <input id={ids.to} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
          </div>
          <div className="button-row orders-filters__actions">
            <button type="submit" className="button">
              Search
            </button>
            {hasFilters(filters) && (
              <button type="button" className="button button--ghost-dark" onClick={() => apply(NO_FILTERS)}>
                Clear filters
              </button>
            )}
          </div>
        </form>
        {filters.alert && (
          <p className="orders-filters__chips">
            <span className="orders-chip">
              <span>Dashboard alert: {ORDER_ALERT_LABELS[filters.alert]}</span>
              <button
                type="button"
                className="orders-chip__remove"
                aria-label={`Remove filter: ${ORDER_ALERT_LABELS[filters.alert]}`}
                onClick={() => apply({ ...filters, alert: '' })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </span>
          </p>
        )}
      </section>

      <section className="staff-card" aria-labelledby="orders-list-title" aria-busy={list.status === 'loading'}>
        <div className="staff-list-head">
          <h2 id="orders-list-title">Orders{list.status === 'ready' ? ` (${list.orders.length}${list.nextCursor ? '+' : ''})` : ''}</h2>
          <button type="button" className="button button--ghost-dark button--small" onClick={() => setAttempt((n) => n + 1)}>
            Refresh
          </button>
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {list.status === 'loading'
            ? ''
            : list.status === 'ready'
              ? `${list.orders.length} order${list.orders.length === 1 ? '' : 's'} shown${list.nextCursor ? ', more to load' : ''}.`
              : ''}
        </p>
        {list.status === 'loading' && <p className="orders-admin__state">Loading orders…</p>}
        {list.status === 'error' && (
          <div role="alert" className="orders-admin__error">
            <p>{list.message}</p>
            <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {list.status === 'ready' && list.orders.length === 0 && (
          <p className="staff-empty" data-testid="orders-empty">
            {hasFilters(filters) ? 'No orders match these filters.' : 'No orders yet.'}
          </p>
        )}
        {list.status === 'ready' && list.orders.length > 0 && (
          <>
            <OrdersTable orders={list.orders} />
            {list.nextCursor && (
              <div className="orders-admin__more">
                <button type="button" className="button" onClick={() => void loadMore()} disabled={list.more === 'loading'}>
                  {list.more === 'loading' ? 'Loading…' : 'Load more'}
                </button>
                {list.more !== 'idle' && list.more !== 'loading' && (
                  <p role="alert" className="oa-error-text">
                    {list.more}
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </main>
  );
}

/** The list: a table on a desktop; below 760 px each row is a card (orders.css). */
function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <table className="orders-table">
      <caption className="visually-hidden">Orders, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Date</th>
          <th scope="col">Customer</th>
          <th scope="col">Phone</th>
          <th scope="col">Total</th>
          <th scope="col">Payment</th>
          <th scope="col">Status</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.reference} data-testid="order-row" data-reference={order.reference}>
            <th scope="row" data-label="Reference">
              <Link to={`/admin/orders/${encodeURIComponent(order.reference)}`}>{order.reference}</Link>
              {order.sizesToConfirm && <span className="badge badge--warning orders-table__badge">{SIZES_TO_BE_CONFIRMED}</span>}
              {order.kind === 'samples' && (
                <span className="badge orders-table__badge" data-testid="samples-badge">
                  {ORDER_KIND_LABELS.samples}
                </span>
              )}
            </th>
            <td data-label="Date">
              <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
            </td>
            <td data-label="Customer">
              <span className="orders-table__name">{order.customerName}</span>
              {order.customerEmail && <span className="orders-table__detail">{order.customerEmail}</span>}
            </td>
            <td data-label="Phone">
              <span className="orders-table__nowrap">{order.customerPhone ?? 'Not provided'}</span>
            </td>
            <td data-label="Total">
              <span className="orders-table__nowrap">{formatRandFromCents(order.totalCents)}</span>
            </td>
            <td data-label="Payment">
              <span className={`orders-pay orders-pay--${order.paymentStatus}`}>{paymentStatusLabel(order.paymentStatus)}</span>
            </td>
            <td data-label="Status">{FULFILMENT_LABELS[order.fulfilmentStatus] ?? order.fulfilmentStatus}</td>
            <td data-label="Source">{ORDER_SOURCE_LABELS[order.source] ?? order.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
