// The competitor-analysis trigger of marketing insights (staff spec 2.12): crawls the
// competitor sites of COMPETITOR_URLS and shows what it compared. Spec 8: a failure is logged; the
// section also says it in words so staff are not left guessing.
import { useState } from 'react';
import type { CompetitorAnalysisResponse } from '@shared/website-scraping-api';
import { ApiError } from '../../../lib/api-client';
import { formatRandFromCents } from '../../../lib/format';
import { runCompetitorAnalysis } from './insights-client';

export function CompetitorAnalysis() {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CompetitorAnalysisResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setRunning(true);
    setFailure(null);
    try {
      setResult(await runCompetitorAnalysis());
    } catch (err) {
      console.error('Competitor analysis failed', err);
      setFailure(err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Could not reach the server.');
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="insights-section" aria-labelledby="competitor-heading">
      <div className="insights-section__head">
        <h2 id="competitor-heading">Competitor prices</h2>
        <button type="button" className="button button--accent" onClick={() => void run()} disabled={running}>
          {running ? 'Analysing competitors…' : 'Run competitor analysis'}
        </button>
      </div>
      <p className="muted insights-small">
        Reads the competitor websites (their robots.txt obeyed, a few pages each) and compares their rand prices with ours for the same kind
        of product and size. Notable gaps appear among the insights above.
      </p>
      <div role="status" aria-live="polite">
        {failure && <p className="insights-send-result insights-send-result--error">Competitor analysis failed: {failure}</p>}
        {result && (
          <div data-testid="competitor-result">
            <p>{result.message}</p>
            <ul className="insights-competitors">
              {result.data.competitors.map((c) => (
                <li key={c.competitor}>
                  <strong>{new URL(c.competitor).host}</strong>:{' '}
                  {c.status === 'ok'
                    ? `${c.pagesFetched} pages read, ${c.productsWithPrices} priced products, ${c.comparisons.length} compared`
                    : c.error}
                  {c.comparisons.length > 0 && (
                    <ul>
                      {c.comparisons.map((p) => (
                        <li key={`${p.url}|${p.theirs}`}>
                          {p.theirs}: {formatRandFromCents(p.theirPriceCents)} against our {p.ourProductName}{' '}
                          {formatRandFromCents(p.ourPriceCents)}
                          {p.basis === 'size' && p.sizeMm ? ` at ${p.sizeMm.width} x ${p.sizeMm.drop} mm` : " ('from' prices)"} (
                          {p.differencePercent > 0 ? '+' : ''}
                          {p.differencePercent}%)
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
