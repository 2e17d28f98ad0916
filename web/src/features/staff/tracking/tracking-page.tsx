// /admin/tracking (staff spec sections 2.6, 4, 5, 8): a staff member keeps courier tracking by hand:
// create an entry for an order, add each update the courier reports, see every entry and its history.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type TrackingEntryDto } from '@shared/tracking-api';
import { ApiError } from '../../../lib/api-client';
import { fetchTrackingEntries } from './tracking-admin-client';
import { CreateForm } from './create-form';
import { EntryCard } from './entry-card';
import './tracking-admin.css';

type ListState = { status: 'loading' } | { status: 'ready'; entries: TrackingEntryDto[] } | { status: 'error'; message: string };

export function TrackingAdminPage() {
  const [list, setList] = useState<ListState>({ status: 'loading' });

  const load = useCallback(async () => {
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      setList({ status: 'ready', entries: await fetchTrackingEntries() });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 401
          ? 'Your staff session has ended. Sign in again with the PIN.'
          : 'Could not load the tracking entries. Check the connection and try again.';
      setList({ status: 'error', message });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const removeEntry = (id: string) =>
    setList((current) => (current.status === 'ready' ? { status: 'ready', entries: current.entries.filter((e) => e.id !== id) } : current));

  const replaceEntry = (entry: TrackingEntryDto) =>
    setList((current) =>
      current.status === 'ready'
        ? { status: 'ready', entries: [entry, ...current.entries.filter((e) => e.id !== entry.id)] }
        : { status: 'ready', entries: [entry] },
    );

  return (
    <main className="staff-page tracking-admin" id="main">
      <header className="tracking-admin__head">
        <p className="eyebrow">Staff</p>
        <h1>Manual Tracking Admin</h1>
        <p className="lead">
          A staff member maintains courier tracking manually: create an entry when an order is handed to the courier, then add each update
          the courier reports. Customers see it on the <Link to="/track">Track an order</Link> page and are e-mailed when tracking is
          published and whenever the status changes.
        </p>
      </header>

      <CreateForm onCreated={replaceEntry} />

      <section className="staff-card ta-card" aria-labelledby="entries-title" aria-busy={list.status === 'loading'}>
        <div className="staff-list-head">
          <h2 id="entries-title">Tracking entries{list.status === 'ready' ? ` (${list.entries.length})` : ''}</h2>
          <button type="button" className="button button--ghost-dark button--small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
        {list.status === 'loading' && <p role="status">Loading tracking entries...</p>}
        {list.status === 'error' && (
          <div role="alert" className="ta-error">
            <p>{list.message}</p>
            <button type="button" className="button button--small" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {list.status === 'ready' && list.entries.length === 0 && (
          <p className="staff-empty" data-testid="tracking-empty">
            <strong>No tracking entries</strong> - Start by creating your first tracking entry.
          </p>
        )}
        {list.status === 'ready' && list.entries.length > 0 && (
          <ul className="staff-list">
            {list.entries.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry} onUpdated={replaceEntry} onDeleted={removeEntry} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
