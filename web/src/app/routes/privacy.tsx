import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { usePublicConfig } from '../../lib/public-config';

/** The retention schedule of docs/decisions/005-retention-schedule.md (worker/services/retention.ts applies it). */
const RETENTION_SCHEDULE: [what: string, period: string, why: string][] = [
  ['Enquiries and contact details from our forms', '2 years', 'to follow up, quote and help with a later order'],
  ['Conversations with our online consultant', '90 days after your last message', 'so you can carry on where you left off'],
  ['Photos you send in the chat or for measuring', '90 days', 'for our team to quote and measure from'],
  ['The text of e-mails we send you', '90 days (who and when: 5 years)', 'to answer questions about them; the record of what was sent goes with your order'],
  ['Saved quotes you did not order from', '1 year', 'so your quote link keeps working'],
  ['Orders and payments', '5 years', 'South African tax law (SARS) requires it'],
  ['Records that limit repeated requests (your internet address)', 'until the limit period ends', 'to protect the site and our staff sign-in from abuse'],
  ['Visit statistics (pages seen, area you give; your address only as a code that changes daily)', '13 months', 'to see how the shop is used, compared with the same month last year'],
  ['Courier tracking of your order', 'with the order (5 years)', 'so you and our team can see where a delivery went'],
];

/** POPIA privacy notice, linked from every form that collects personal information. */
export function PrivacyPage() {
  const config = usePublicConfig();
  return (
    <div className="page">
      <SiteHeader />
      <main className="prose" id="main">
        <h1>Privacy notice</h1>
        <p>
          {config.businessName} processes personal information under the Protection of Personal Information Act (POPIA). This
          notice says what we collect, why, and what you can ask of us.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>Contact details you give us: name, e-mail, phone or WhatsApp number, and your area.</li>
          <li>What you ask about: products, sizes, colours, photos of your windows and your messages to our consultant.</li>
          <li>Orders and payments: what you ordered, delivery details and the payment status (card details stay with the payment provider; we never see or store them).</li>
        </ul>
        <h2>Why</h2>
        <p>To answer your enquiry, prepare quotes, make and deliver your order, and follow up when you asked us to. We do not sell your information or use it for unrelated marketing.</p>
        <h2>How long we keep it</h2>
        <p>We keep each kind of information only as long as we need it, and delete it automatically when that time is up:</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Information</th>
              <th scope="col">Kept for</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_SCHEDULE.map(([what, period, why]) => (
              <tr key={what}>
                <td>{what}</td>
                <td>{period}</td>
                <td>{why}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>Your rights</h2>
        <p>
          You may ask to see, correct or delete your information, or withdraw consent to be contacted, at any time
          {config.email ? (
            <>
              : e-mail <a href={`mailto:${config.email}`}>{config.email}</a>
            </>
          ) : null}
          . You may also complain to the Information Regulator of South Africa.
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
