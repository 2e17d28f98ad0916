// The dashboard's fit-guarantee section (shared/remakes-api.ts): over the week, the lines staff
// confirmed from the customer's photo (covered), the remakes claimed on covered lines and what they
// cost, and remakes on lines the guarantee did not cover, so the shop sees what the guarantee costs.
import type { AdminDashboardResponse } from '@shared/analytics-api';
import { FIT_GUARANTEE_PATH } from '@shared/fit-guarantee';
import { formatRandFromCents } from '../../../lib/format';

export function FitGuaranteeCard({ figures }: { figures: AdminDashboardResponse['fitGuarantee'] }) {
  return (
    <section aria-labelledby="fit-guarantee-heading" data-testid="dashboard-fit-guarantee">
      <h2 id="fit-guarantee-heading">Fit guarantee, last 7 days</h2>
      <table className="admin-dashboard__table">
        <caption className="visually-hidden">What the fit guarantee cost over the last 7 days</caption>
        <tbody>
          <tr>
            <th scope="row">Lines covered (size confirmed from the photo)</th>
            <td data-testid="fit-lines-covered">{figures.linesCovered}</td>
          </tr>
          <tr>
            <th scope="row">Remakes claimed on covered lines</th>
            <td data-testid="fit-covered-remakes">
              {figures.coveredRemakes}, costing {formatRandFromCents(figures.coveredRemakeCostCents)}
            </td>
          </tr>
          <tr>
            <th scope="row">Remakes on lines not covered</th>
            <td data-testid="fit-uncovered-remakes">
              {figures.uncoveredRemakes}, costing {formatRandFromCents(figures.uncoveredRemakeCostCents)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="admin-dashboard__formula">
        {figures.basis} <a href={FIT_GUARANTEE_PATH}>The fit guarantee&apos;s terms</a>.
      </p>
    </section>
  );
}
