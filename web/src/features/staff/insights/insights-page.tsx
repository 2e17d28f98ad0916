// /marketing-insights (staff spec section 2.12): realtime insights re-read every 5 minutes, the daily
// report of today or a chosen date with its 30-day charts, and 'Send daily report'. Behind the PIN gate.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DailyReportResponse, InsightDto, SendDailyResponse } from '@shared/insights-api';
import { isCalendarDate } from '@shared/insights-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { formatRand } from '../../../lib/format';
import { CompetitorAnalysis } from './competitor-analysis';
import { fetchDailyReport, fetchRealtimeInsights, sendDailyReport, todayInSouthAfrica } from './insights-client';
import './insights.css';

// uPlot loads with the charts only, after the figures are on screen.
const ActivityCharts = lazy(async () => ({ default: (await import('./insights-charts')).ActivityCharts }));
const ProductInterestChart = lazy(async () => ({ default: (await import('./insights-charts')).ProductInterestChart }));

/** Spec section 9: insights refresh every 5 minutes. */
export const INSIGHTS_REFRESH_MS = 5 * 60_000;

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

const reason = (err: unknown) =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : String(err);
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });

function PriorityBadge({ priority }: { priority: InsightDto['priority'] }) {
  return (
    <span className={`insight-badge insight-badge--${priority}`}>
      {priority === 'high' ? 'High priority' : priority === 'medium' ? 'Medium priority' : 'Low priority'}
    </span>
  );
}

function RealtimeInsights() {
  const [load, setLoad] = useState<Load<InsightDto[]>>({ state: 'loading' });
  const [readAt, setReadAt] = useState<string | null>(null);

  const read = useCallback(async (signal?: AbortSignal) => {
    try {
      const { insights } = await fetchRealtimeInsights(signal);
      setLoad({ state: 'ready', value: insights });
      setReadAt(new Date().toISOString());
    } catch (err) {
      if (signal?.aborted) return;
      toast({ title: 'Failed to load real-time insights', description: reason(err), variant: 'destructive' });
      setLoad((previous) => (previous.state === 'ready' ? previous : { state: 'error', message: reason(err) }));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void read(controller.signal);
    const timer = setInterval(() => void read(controller.signal), INSIGHTS_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [read]);

  return (
    <section className="insights-section" aria-labelledby="realtime-heading">
      <div className="insights-section__head">
        <h2 id="realtime-heading">Real-time insights</h2>
        <p className="muted insights-small">
          {readAt ? `Updated ${timeOf(readAt)}; refreshed every 5 minutes.` : 'Refreshed every 5 minutes.'}
        </p>
      </div>
      {load.state === 'loading' && (
        <p className="insights-status" role="status">
          Loading insights…
        </p>
      )}
      {load.state === 'error' && (
        <div className="insights-error" role="alert">
          <p>Failed to load real-time insights: {load.message}</p>
          <button type="button" className="button button--small" onClick={() => void read()}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <ul className="insight-list" data-testid="realtime-insights">
          {load.value.map((insight) => (
            <li key={insight.title} className={`insight-card insight-card--${insight.priority}`}>
              <div className="insight-card__head">
                <h3>{insight.title}</h3>
                <PriorityBadge priority={insight.priority} />
              </div>
              <p>{insight.description}</p>
              {insight.recommendations.length > 0 && (
                <ul className="insight-card__recommendations">
                  {insight.recommendations.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="insights-figure">
      <dt>{label}</dt>
      <dd>
        <span className="insights-figure__value">{value}</span>
        {note && <span className="insights-figure__note">{note}</span>}
      </dd>
    </div>
  );
}

function DailyReport({ report }: { report: DailyReportResponse }) {
  return (
    <>
      <dl className="insights-figures" data-testid="daily-figures">
        <Figure label="Visitors" value={String(report.totalVisitors)} note="distinct visitors that day" />
        <Figure
          label="High-value leads"
          value={String(report.highValueLeads)}
          note={`score ${report.highValueLeadScore}+ of ${report.totalLeads} leads`}
        />
        <Figure label="Conversion rate" value={`${report.conversionRate.toFixed(1)}%`} note={`${report.totalOrders} orders / visitors`} />
        <Figure label="Orders" value={String(report.totalOrders)} />
        <Figure label="Free samples" value={String(report.samplesSent)} note={`sent; ${report.samplesRequested} asked for that day`} />
      </dl>
      <p className="muted insights-small">
        Lead score (0-100): e-mail 15, phone 15, WhatsApp 10, a product named 20, a Garden Route town (Mossel Bay to Plettenberg Bay) 20 or
        another place 10, sizes given 20.
      </p>

      <div className="insights-columns">
        <div>
          <h3>Top locations</h3>
          {report.topLocations.length === 0 ? (
            <p className="muted">No lead gave a location that day.</p>
          ) : (
            <div className="insights-table-wrap">
              <table className="insights-table">
                <thead>
                  <tr>
                    <th scope="col">Location</th>
                    <th scope="col">Leads</th>
                    <th scope="col">Avg. score</th>
                  </tr>
                </thead>
                <tbody>
                  {report.topLocations.map((l) => (
                    <tr key={l.location}>
                      <th scope="row">{l.location}</th>
                      <td>{l.count}</td>
                      <td>{l.avgLeadScore}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div>
          <h3>Recommendations</h3>
          <ul className="insights-recommendations">
            {report.recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      </div>

      <h3>Product interest</h3>
      {report.productInterest.length === 0 ? (
        <p className="muted">No product was priced, quoted, asked about or ordered that day.</p>
      ) : (
        <div className="insights-columns">
          <div className="insights-table-wrap">
            <table className="insights-table" data-testid="product-interest">
              <caption className="visually-hidden">
                Mentions are price checks, quote lines, chats and leads naming the product; orders are that day's orders containing it.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Mentions</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {report.productInterest.map((p) => (
                  <tr key={p.product}>
                    <th scope="row">{p.product}</th>
                    <td>{p.mentions}</td>
                    <td>{p.conversions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Suspense fallback={<p className="insights-status">Loading chart…</p>}>
            <ProductInterestChart products={report.productInterest} />
          </Suspense>
        </div>
      )}

      <h3>Paid in the last 30 days, by way of payment</h3>
      <div className="insights-table-wrap">
        <table className="insights-table" data-testid="revenue-by-method">
          <caption className="visually-hidden">
            Payments received in the 30 days ending on the report's date: card (Yoco or PayFast), instant EFT (Ozow), bank transfers staff
            matched to an order, and other payments staff recorded.
          </caption>
          <thead>
            <tr>
              <th scope="col">Way of payment</th>
              <th scope="col">Payments</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {report.revenueByMethod.map((m) => (
              <tr key={m.method}>
                <th scope="row">{m.label}</th>
                <td>{m.payments}</td>
                <td>{formatRand(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>The last 30 days</h3>
      <Suspense fallback={<p className="insights-status">Loading charts…</p>}>
        <ActivityCharts series={report.charts.last30Days} />
      </Suspense>
    </>
  );
}

export function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const today = todayInSouthAfrica();
  const requested = params.get('date');
  const date = requested && isCalendarDate(requested) ? requested : today;
  const [load, setLoad] = useState<Load<DailyReportResponse>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendResult, setSendResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchDailyReport(date, controller.signal)
      .then((report) => setLoad({ state: 'ready', value: report }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        toast({ title: 'Failed to load daily report', description: reason(err), variant: 'destructive' });
        setLoad({ state: 'error', message: reason(err) });
      });
    return () => controller.abort();
  }, [date, attempt]);

  const chooseDate = (value: string) => {
    setSendResult(null);
    if (!isCalendarDate(value)) return;
    setParams(value === today ? {} : { date: value }, { replace: true });
  };

  const send = async () => {
    setSending(true);
    setSendResult(null);
    try {
      const result: SendDailyResponse = await sendDailyReport(date);
      setSendResult({ ok: true, text: result.message });
    } catch (err) {
      toast({ title: 'Failed to send insights email', description: reason(err), variant: 'destructive' });
      setSendResult({ ok: false, text: `Failed to send insights email: ${reason(err)}` });
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="insights-page">
      <header className="insights-page__header">
        <p className="eyebrow">Staff</p>
        <h1>Marketing insights</h1>
        <p className="muted">
          Every figure is computed from what the site recorded: visits, chats, price checks, quotes, leads and orders. Days are South
          African days.
        </p>
      </header>

      <RealtimeInsights />

      <section className="insights-section" aria-labelledby="daily-heading">
        <div className="insights-section__head">
          <h2 id="daily-heading">Daily report</h2>
          <div className="insights-controls">
            <label className="insights-date">
              <span>Report date</span>
              <input type="date" value={date} max={today} onChange={(e) => chooseDate(e.target.value)} />
            </label>
            <button type="button" className="button button--accent" onClick={() => void send()} disabled={sending}>
              {sending ? 'Sending…' : 'Send daily report'}
            </button>
          </div>
        </div>
        <p className="muted insights-small">
          The report is e-mailed once per date to the marketing address; every morning at 06:00 the previous day's report goes
          automatically.
        </p>
        {date === today && (
          <p className="muted insights-small" data-testid="partial-note">
            Today has not ended: sending now e-mails the figures so far (a partial report), and the complete report for today still follows
            tomorrow morning.
          </p>
        )}
        {sendResult && (
          <p
            className={`insights-send-result ${sendResult.ok ? '' : 'insights-send-result--error'}`}
            role={sendResult.ok ? 'status' : 'alert'}
            data-testid="send-result"
          >
            {sendResult.text}
          </p>
        )}
        {load.state === 'loading' && (
          <p className="insights-status" role="status">
            Loading the daily report…
          </p>
        )}
        {load.state === 'error' && (
          <div className="insights-error" role="alert">
            <p>Failed to load daily report: {load.message}</p>
            <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {load.state === 'ready' && <DailyReport report={load.value} />}
      </section>

      <CompetitorAnalysis />
    </main>
  );
}
