// The charts of /marketing-insights, drawn with uPlot (a small canvas chart library). This module
// is imported lazily by the page, so uPlot reaches only staff who open it. Each chart has an
// aria-label summary and a data table as its text alternative.
import { memo, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailySeriesPoint, ProductInterestFigure } from '@shared/insights-api';
import { TEST_PAYMENT_NOTE } from '@shared/orders-api';
import { formatRand } from '../../../lib/format';

const HEIGHT = 240;
const COLOURS = { visits: '#2f5a5e', leads: '#c8873a', orders: '#7a2e0e', revenue: '#1f8f4e', mentions: '#2f5a5e', conversions: '#c8873a' };

function UPlotChart({
  options,
  data,
  label,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const chart = new uPlot({ ...options, width: Math.max(el.clientWidth, 260), height: HEIGHT }, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 260), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={host} className="insights-chart__canvas" role="img" aria-label={label} />;
}

const dayLabel = (date: string) => {
  const [, m, d] = date.split('-');
  return `${Number(d)}/${Number(m)}`;
};

function sum(points: DailySeriesPoint[], key: 'visits' | 'leads' | 'orders' | 'revenue' | 'testRevenue') {
  return points.reduce((total, p) => total + p[key], 0);
}

/** Visits, leads and orders per day (lines), and paid revenue per day (bars), over 30 days. */
export const ActivityCharts = memo(function ActivityCharts({ series }: { series: DailySeriesPoint[] }) {
  const xs = series.map((_, i) => i);
  const labels = series.map((p) => dayLabel(p.date));
  const xAxis: uPlot.Axis = { values: (_u, splits) => splits.map((i) => labels[i] ?? ''), space: 48 };
  const countScale = {
    x: { time: false },
    y: { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(4, Math.ceil(max * 1.1))] },
  };

  const activity: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: countScale,
    axes: [xAxis, { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) }],
    series: [
      { label: 'Day', value: (_u, i) => (i == null ? '' : (series[i]?.date ?? '')) },
      { label: 'Visitors', stroke: COLOURS.visits, width: 2, points: { show: false } },
      { label: 'Leads', stroke: COLOURS.leads, width: 2, points: { show: false } },
      { label: 'Orders', stroke: COLOURS.orders, width: 2, dash: [6, 4], points: { show: false } },
    ],
  };
  const revenue: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: {
      x: { time: false, range: [-0.5, series.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(100, Math.ceil(max * 1.1))] },
    },
    axes: [xAxis, { size: 70, values: (_u, splits) => splits.map((v) => `R${Math.round(v).toLocaleString('en-ZA')}`) }],
    series: [
      { label: 'Day', value: (_u, i) => (i == null ? '' : (series[i]?.date ?? '')) },
      {
        label: 'Revenue',
        stroke: COLOURS.revenue,
        fill: COLOURS.revenue,
        paths: uPlot.paths.bars!({ size: [0.7, 40] }),
        points: { show: false },
        value: (_u, v) => (v == null ? '' : formatRand(v)),
      },
    ],
  };
  const testRevenue = sum(series, 'testRevenue');
  const first = series[0]?.date ?? '';
  const last = series.at(-1)?.date ?? '';
  return (
    <div className="insights-charts">
      <figure className="insights-chart">
        <figcaption>Visitors, leads and orders per day</figcaption>
        <UPlotChart
          options={activity}
          data={[xs, series.map((p) => p.visits), series.map((p) => p.leads), series.map((p) => p.orders)]}
          label={`Line chart from ${first} to ${last}: ${sum(series, 'visits')} visitors, ${sum(series, 'leads')} leads and ${sum(series, 'orders')} orders in all. The table below lists each day.`}
        />
      </figure>
      <figure className="insights-chart">
        <figcaption>Paid revenue per day</figcaption>
        <UPlotChart
          options={revenue}
          data={[xs, series.map((p) => p.revenue)]}
          label={`Bar chart from ${first} to ${last}: ${formatRand(sum(series, 'revenue'))} paid in all. The table below lists each day.`}
        />
        {testRevenue > 0 && (
          <p>
            {TEST_PAYMENT_NOTE}: {formatRand(testRevenue)} paid through the test gateway is not counted as revenue.
          </p>
        )}
      </figure>
      <details className="insights-table-toggle">
        <summary>The last 30 days as a table</summary>
        <div className="insights-table-wrap">
          <table className="insights-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Visitors</th>
                <th scope="col">Leads</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
                {testRevenue > 0 && <th scope="col">Test payments (no money was taken)</th>}
              </tr>
            </thead>
            <tbody>
              {series.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{p.date}</th>
                  <td>{p.visits}</td>
                  <td>{p.leads}</td>
                  <td>{p.orders}</td>
                  <td>{formatRand(p.revenue)}</td>
                  {testRevenue > 0 && <td>{formatRand(p.testRevenue)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
});

const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

/** Mentions and orders per product (side-by-side bars); the page's table lists the same figures. */
export const ProductInterestChart = memo(function ProductInterestChart({ products }: { products: ProductInterestFigure[] }) {
  const xs = products.map((_, i) => i);
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: {
      x: { time: false, range: [-0.5, products.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      { splits: () => xs, values: (_u, splits) => splits.map((i) => shortName(products[i]?.product ?? '')), rotate: -30, size: 80, gap: 4 },
      { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
    ],
    series: [
      { label: 'Product', value: (_u, i) => (i == null ? '' : (products[i]?.product ?? '')) },
      {
        label: 'Mentions',
        stroke: COLOURS.mentions,
        fill: COLOURS.mentions,
        paths: uPlot.paths.bars!({ size: [0.35, 48], align: -1 }),
        points: { show: false },
      },
      {
        label: 'Orders',
        stroke: COLOURS.conversions,
        fill: COLOURS.conversions,
        paths: uPlot.paths.bars!({ size: [0.35, 48], align: 1 }),
        points: { show: false },
      },
    ],
  };
  const summary = products.map((p) => `${p.product}: ${p.mentions} mentions, ${p.conversions} orders`).join('; ');
  return (
    <figure className="insights-chart">
      <figcaption>Product interest: mentions and orders</figcaption>
      <UPlotChart
        options={options}
        data={[xs, products.map((p) => p.mentions), products.map((p) => p.conversions)]}
        label={`Bar chart of product interest. ${summary}.`}
      />
    </figure>
  );
});
