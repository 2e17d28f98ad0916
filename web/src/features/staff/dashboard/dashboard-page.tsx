import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, getJson } from '../../../lib/api-client';
import type { AdminDashboardResponse, DashboardAlert } from '@shared/analytics-api';
import { SamplePricesAlertCard } from './sample-prices-alert';
import { FitGuaranteeCard } from './fit-guarantee-card';
import './dashboard.css';

/** Every staff tool, as cards (links to every staff tool). */
const STAFF_TOOLS = [
  { to: '/admin/orders', title: 'Orders', text: 'Every order: confirm sizes, make, dispatch, record phone and site-visit orders.' },
  { to: '/admin/outbox', title: 'E-mail outbox', text: 'Every e-mail as its recipient sees it; send a failed one again.' },
  { to: '/marketing-insights', title: 'Marketing insights', text: 'Realtime insights, the daily report and 30-day charts.' },
  { to: '/leads', title: 'Leads', text: 'Every enquiry: follow-up status, notes, CSV export.' },
  { to: '/site-visits', title: 'Site visits', text: "Today's measuring visits and their status." },
  { to: '/admin/tracking', title: 'Tracking', text: 'Publish and update courier deliveries customers can track.' },
  { to: '/admin/scraper', title: 'Price lists & scraping', text: 'Read the main website’s product range.' },
  { to: '/admin/catalog', title: 'Catalogue', text: 'Products, descriptions and features.' },
  { to: '/admin/colours', title: 'Outdoor colours', text: 'Outdoor colour ranges and swatches.' },
  { to: '/admin/color-screenshots', title: 'Colour extractor', text: 'Extract colours from supplier screenshots.' },
  { to: '/admin/pricing', title: 'Price-list analyser', text: 'Upload and check the price grids.' },
] as const;

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: AdminDashboardResponse };

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });
const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return 'Could not reach the server. Check the connection and try again.';
}

/** /admin-dashboard (staff spec 2.12): the five figures, computed on the server, each with how. */
export function DashboardPage() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ status: 'loading' });
    try {
      const data = await getJson<AdminDashboardResponse>('/api/admin/dashboard', { signal });
      if (data) setState({ status: 'ready', data });
    } catch (err) {
      if (!signal?.aborted) setState({ status: 'error', message: errorMessage(err) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <main className="admin-dashboard" id="main">
      <div className="admin-dashboard__head">
        <h1>Dashboard</h1>
        <button type="button" className="button button--small" onClick={() => void load()} disabled={state.status === 'loading'}>
          Refresh
        </button>
      </div>

      {state.status === 'loading' && (
        <p className="admin-dashboard__status" role="status">
          Computing the figures…
        </p>
      )}
      {state.status === 'error' && (
        <div className="admin-dashboard__error" role="alert">
          <p>The dashboard could not be loaded: {state.message}</p>
          <button type="button" className="button button--small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && <DashboardFigures data={state.data} />}

      <section aria-labelledby="staff-tools-heading">
        <h2 id="staff-tools-heading">Staff tools</h2>
        <ul className="admin-dashboard__tools">
          {STAFF_TOOLS.map((tool) => (
            <li key={tool.to}>
              <Link className="admin-dashboard__tool" to={tool.to}>
                <span className="admin-dashboard__tool-title">{tool.title}</span>
                <span className="admin-dashboard__tool-text">{tool.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

function FigureCard({
  label,
  value,
  detail,
  basis,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  basis: string;
  testId: string;
}) {
  return (
    <li className="admin-dashboard__figure" data-testid={testId}>
      <span className="admin-dashboard__figure-label">{label}</span>
      <span className="admin-dashboard__figure-value">{value}</span>
      {detail && <span className="admin-dashboard__figure-detail">{detail}</span>}
      <small className="admin-dashboard__basis">{basis}</small>
    </li>
  );
}

function DashboardFigures({ data }: { data: AdminDashboardResponse }) {
  const open = data.alerts.items.filter((alert) => alert.count > 0);
  const clear = data.alerts.items.filter((alert) => alert.count === 0);
  return (
    <>
      <p className="admin-dashboard__computed">
        Computed {formatTime(data.computedAt)} · today is {data.today}, the week runs from {data.weekFrom}.
      </p>
      {data.samplePrices && <SamplePricesAlertCard alert={data.samplePrices} />}
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="visually-hidden">
          Figures
        </h2>
        <ul className="admin-dashboard__figures">
          <FigureCard
            testId="figure-visitors"
            label="Visitors"
            value={String(data.visitors.today)}
            detail={`${data.visitors.last7Days} in the last 7 days`}
            basis={data.visitors.basis}
          />
          <FigureCard
            testId="figure-chats"
            label="Chats"
            value={String(data.chats.today)}
            detail={`${data.chats.last7Days} in the last 7 days · ${data.chats.opened.today} opened today`}
            basis={data.chats.basis}
          />
          <FigureCard
            testId="figure-alerts"
            label="Alerts"
            value={String(data.alerts.count)}
            detail={open.length === 0 ? 'All clear' : `${open.length} to look at`}
            basis={data.alerts.basis}
          />
          <FigureCard
            testId="figure-score"
            label="Score"
            value={data.score.value === null ? 'No activity yet' : `${data.score.value}/100`}
            detail={data.score.value === null ? 'Nothing was due to score, see below' : 'Business health, see below'}
            basis={data.score.basis}
          />
          <FigureCard
            testId="figure-competitors"
            label="Competitors"
            value={String(data.competitors.value)}
            detail={data.competitors.note}
            basis={data.competitors.basis}
          />
        </ul>
      </section>

      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading">Alerts</h2>
        {open.length === 0 ? (
          <p className="admin-dashboard__empty">Nothing needs attention right now.</p>
        ) : (
          <ul className="admin-dashboard__alerts">
            {open.map((alert) => (
              <AlertItem key={alert.key} alert={alert} />
            ))}
          </ul>
        )}
        {clear.length > 0 && (
          <ul className="admin-dashboard__clear">
            {clear.map((alert) => (
              <li key={alert.key}>{alert.sentence}</li>
            ))}
          </ul>
        )}
      </section>

      <FitGuaranteeCard figures={data.fitGuarantee} />

      <section aria-labelledby="score-heading">
        <h2 id="score-heading">How the score is worked out</h2>
        <table className="admin-dashboard__table">
          <caption className="visually-hidden">Score parts</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Points</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {data.score.parts.map((part) => (
              <tr key={part.label}>
                <th scope="row">{part.label}</th>
                <td>{part.points === null ? `not counted (of ${part.max})` : `${part.points} / ${part.max}`}</td>
                <td>{part.detail}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Score</th>
              <td>{data.score.value === null ? 'No activity yet' : `${data.score.value} / 100`}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        <p className="admin-dashboard__formula">{data.score.formula}</p>
      </section>

      <section aria-labelledby="audit-log-heading" id="audit-log">
        <h2 id="audit-log-heading">Latest staff activity</h2>
        {data.audit.length === 0 ? (
          <p className="admin-dashboard__empty">No staff activity recorded yet.</p>
        ) : (
          <table className="admin-dashboard__table admin-dashboard__audit">
            <caption className="visually-hidden">The audit log's latest {data.audit.length} entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who (session)</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
              </tr>
            </thead>
            <tbody>
              {data.audit.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td>{entry.target ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function AlertItem({ alert }: { alert: DashboardAlert }) {
  // The failed e-mails live behind a staff API (JSON), so that link is a plain anchor, not a route.
  const isRoute = alert.link.startsWith('/') && !alert.link.startsWith('/api/');
  return (
    <li className="admin-dashboard__alert" data-testid={`alert-${alert.key}`}>
      <span className="admin-dashboard__alert-count">{alert.count}</span>
      <span className="admin-dashboard__alert-text">{alert.sentence}</span>
      {isRoute ? (
        <Link className="admin-dashboard__alert-link" to={alert.link}>
          {alert.linkLabel}
        </Link>
      ) : (
        <a className="admin-dashboard__alert-link" href={alert.link}>
          {alert.linkLabel}
        </a>
      )}
    </li>
  );
}
