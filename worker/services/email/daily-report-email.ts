// The daily report e-mail to MARKETING_EMAIL (staff spec sections 2.12, 3 'Daily report'): the
// same figures as GET /api/admin/insights/daily, as HTML (inline styles) and plain text.
import { businessProfile } from '../../lib/business-profile';
import type { Env } from '../../env';
import type { DailyReportDto } from '../../shared/insights-api';
import { buttonHtml, factsHtml, factsText, layoutHtml, signatureText } from './email-parts';
import { formatLongDate, formatSouthAfricanTime } from '../../shared/sa-time';
import { html } from '../../lib/html';
import type { OutgoingEmail } from './outbox';

/** One message per date: the outbox refuses a second one with the same key. */
export const dailyReportDedupeKey = (date: string) => `daily-report:${date}`;

/**
 * A report of a day that has not ended ('so far, HH:MM') has its own key per send, so it never
 * takes the date's key: the complete report the 06:00 run sends next morning still goes.
 */
export const partialDailyReportDedupeKey = (date: string, at: Date) => `daily-report:${date}:so-far:${at.toISOString()}`;

const cell = 'padding:4px 8px;border-bottom:1px solid #e5e7eb;font-size:14px;';
const headCell = `${cell}text-align:left;color:#4b5563;`;

/** `partialAt`: the day has not ended; the figures are those up to that instant. */
export function dailyReportEmail(
  env: Env,
  to: string,
  report: DailyReportDto,
  origin: string | null,
  partialAt: Date | null = null,
): OutgoingEmail {
  const b = businessProfile(env);
  const day = formatLongDate(`${report.date}T12:00:00+02:00`);
  const soFar = partialAt ? `so far, ${formatSouthAfricanTime(partialAt)}` : null;
  const title = soFar ? `Daily report for ${day} (partial, ${soFar})` : `Daily report for ${day}`;
  const partialNote = soFar
    ? `This day has not ended: these are the figures ${soFar}. The complete report follows the next morning.`
    : null;
  const link = origin ? `${origin}/marketing-insights?date=${report.date}` : null;
  const facts = [
    ['Visitors', String(report.totalVisitors)],
    ['Leads', String(report.totalLeads)],
    [`High-value leads (score ${report.highValueLeadScore}+)`, String(report.highValueLeads)],
    ['Orders', String(report.totalOrders)],
    ['Conversion rate', `${report.conversionRate.toFixed(1)}%`],
    ['Free samples asked for', String(report.samplesRequested)],
    ['Free samples sent', String(report.samplesSent)],
  ] as const;

  const locationsHtml = report.topLocations.length
    ? html`<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:0 0 16px;"><tr><th style="${headCell}">Location</th><th style="${headCell}">Leads</th><th style="${headCell}">Avg. score</th></tr>${report.topLocations.map(
        (l) =>
          html`<tr><td style="${cell}">${l.location}</td><td style="${cell}">${l.count}</td><td style="${cell}">${l.avgLeadScore}</td></tr>`,
      )}</table>`
    : html`<p style="font-size:14px;margin:0 0 16px;">No lead gave a location that day.</p>`;
  const productsHtml = report.productInterest.length
    ? html`<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:0 0 16px;"><tr><th style="${headCell}">Product</th><th style="${headCell}">Mentions</th><th style="${headCell}">Orders</th></tr>${report.productInterest.map(
        (p) =>
          html`<tr><td style="${cell}">${p.product}</td><td style="${cell}">${p.mentions}</td><td style="${cell}">${p.conversions}</td></tr>`,
      )}</table>`
    : html`<p style="font-size:14px;margin:0 0 16px;">No product was priced, quoted, asked about or ordered that day.</p>`;

  const body = html`<p style="font-size:15px;margin:0 0 12px;">The figures of ${day} (South African time), computed from what the site recorded.</p>
${partialNote ? html`<p style="font-size:15px;margin:0 0 12px;"><strong>${partialNote}</strong></p>` : ''}
${factsHtml(facts)}
<h2 style="font-size:16px;margin:16px 0 8px;">Top locations</h2>
${locationsHtml}
<h2 style="font-size:16px;margin:16px 0 8px;">Product interest</h2>
${productsHtml}
<h2 style="font-size:16px;margin:16px 0 8px;">Recommendations</h2>
<ul style="font-size:14px;margin:0 0 16px;padding-left:20px;">${report.recommendations.map((r) => html`<li style="margin:0 0 6px;">${r}</li>`)}</ul>
${link ? buttonHtml(link, 'Open marketing insights') : ''}`;

  const text = [
    title,
    '',
    ...(partialNote ? [partialNote, ''] : []),
    factsText(facts),
    '',
    'Top locations',
    ...(report.topLocations.length
      ? report.topLocations.map((l) => `- ${l.location}: ${l.count} lead${l.count === 1 ? '' : 's'}, average score ${l.avgLeadScore}`)
      : ['No lead gave a location that day.']),
    '',
    'Product interest',
    ...(report.productInterest.length
      ? report.productInterest.map(
          (p) =>
            `- ${p.product}: ${p.mentions} mention${p.mentions === 1 ? '' : 's'}, ${p.conversions} order${p.conversions === 1 ? '' : 's'}`,
        )
      : ['No product was priced, quoted, asked about or ordered that day.']),
    '',
    'Recommendations',
    ...report.recommendations.map((r) => `- ${r}`),
    ...(link ? ['', `Open marketing insights: ${link}`] : []),
    '',
    signatureText(b),
  ].join('\n');

  return {
    dedupeKey: partialAt ? partialDailyReportDedupeKey(report.date, partialAt) : dailyReportDedupeKey(report.date),
    kind: 'daily-report',
    to,
    toName: null,
    replyTo: null,
    subject: `${title} - ${b.name}`,
    html: layoutHtml(b, title, body),
    text,
  };
}
