import { Link } from 'react-router';
import type { SamplePricesAlert } from '@shared/analytics-api';

/** Products still on the seeded sample grids (DESIGN.md 6, 7b), named, with the tool that replaces them. */
export function SamplePricesAlertCard({ alert }: { alert: SamplePricesAlert }) {
  return (
    <section
      className="admin-dashboard__alert admin-dashboard__sample-prices"
      aria-labelledby="sample-prices-heading"
      data-testid="alert-sample-prices"
    >
      <span className="admin-dashboard__alert-count">{alert.products.length}</span>
      <h2 id="sample-prices-heading" className="admin-dashboard__sample-prices-title">
        Products on sample prices
      </h2>
      <p className="admin-dashboard__alert-text">{alert.sentence}</p>
      <Link className="admin-dashboard__alert-link" to={alert.link}>
        {alert.linkLabel}
      </Link>
    </section>
  );
}
