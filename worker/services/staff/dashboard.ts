// The staff dashboard's five figures (staff spec 2.12): every one computed from the
// analytics events and the records at `now`, each with a `basis` that says how. Nothing made up.
import type { AdminDashboardResponse, DashboardAlert, ScorePart } from '../../shared/analytics-api';
import { addDays, southAfricanDay, startOfSouthAfricanDay } from '../../shared/sa-time';
import { latestAudit } from './audit';
import { competitorFigure } from './competitor-prices';
import { PRODUCTION_WORKING_DAYS } from '../../shared/shop-policies';
import { countOrderAlert, DISPATCH_HOURS, PRODUCTION_CALENDAR_DAYS } from './orders/alerts';
import { samplePricesAlert } from './sample-price-alert';
import { fitGuaranteeFigures } from './orders/remakes';

const HOUR_MS = 60 * 60 * 1000;
/** The site promises contact within 24 hours. */
export const LEAD_CONTACT_HOURS = 24;
export { DISPATCH_HOURS };
/** Orders per visitor over 7 days that earns the conversion part in full (2%, a common online-retail rate). */
export const TARGET_CONVERSION = 0.02;

// A part counts only when something was due for it (a lead to contact, a visitor, a
// paid order to dispatch, an e-mail to deliver); nothing due is not health, so with no part
// counted there is no score at all (a fresh shop used to read 70/100).
export const SCORE_FORMULA =
  "Score = the points of the parts that apply, out of those parts' maximum, as a share of 100 (no score when none applies):" +
  ' follow-up (50 × share of leads from the last 7 days that were due and contacted within 24 hours; applies when a lead was due)' +
  ' + conversion (30 × orders ÷ visitors over 7 days ÷ 2%, at most 30; applies when there were visitors)' +
  ' + dispatch (10 − 5 per paid order waiting more than 48 hours for a tracking entry, at least 0; applies when a paid order was due for dispatch in the last 7 days or is still waiting)' +
  ' + e-mail (10 − 2 per failed e-mail in the outbox, at least 0; applies when e-mails were sent in the last 7 days or one has failed), each part rounded.';

/** The score's value from its parts: null when no part applies. */
export function scoreValue(parts: readonly ScorePart[]): number | null {
  const counted = parts.filter((part) => part.points !== null);
  const max = counted.reduce((sum, part) => sum + part.max, 0);
  if (max === 0) return null;
  return Math.round((100 * counted.reduce((sum, part) => sum + (part.points ?? 0), 0)) / max);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function count(statement: D1PreparedStatement): Promise<number> {
  return (await statement.first<number>('n')) ?? 0;
}

export async function dashboardFigures(db: D1Database, now: Date = new Date()): Promise<AdminDashboardResponse> {
  const today = southAfricanDay(now);
  const weekFrom = addDays(today, -6);
  const nowIso = now.toISOString();
  const contactDue = new Date(now.getTime() - LEAD_CONTACT_HOURS * HOUR_MS).toISOString();
  const dispatchDue = new Date(now.getTime() - DISPATCH_HOURS * HOUR_MS).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR_MS).toISOString();

  const [
    visitors,
    chats,
    orders7,
    leadFollowUp,
    leadsWaiting,
    ordersLate,
    failedEmails,
    pinLockouts,
    audit,
    dispatchesDue,
    emailsWeek,
    sizesWaiting,
    productionLate,
  ] = await Promise.all([
    db
      .prepare(
        `SELECT COUNT(DISTINCT CASE WHEN day = ?1 THEN visitor END) AS today, COUNT(DISTINCT visitor) AS week
           FROM analytics_events WHERE day BETWEEN ?2 AND ?1 AND visitor IS NOT NULL`,
      )
      .bind(today, weekFrom)
      .first<{ today: number; week: number }>(),
    db
      .prepare(
        `SELECT COUNT(DISTINCT CASE WHEN kind = 'chat_message' AND day = ?1 THEN session_id END) AS today,
                COUNT(DISTINCT CASE WHEN kind = 'chat_message' THEN session_id END) AS week,
                COUNT(DISTINCT CASE WHEN kind = 'chat_session' AND day = ?1 THEN session_id END) AS opened_today,
                COUNT(DISTINCT CASE WHEN kind = 'chat_session' THEN session_id END) AS opened_week
           FROM analytics_events WHERE day BETWEEN ?2 AND ?1 AND kind IN ('chat_session', 'chat_message') AND session_id IS NOT NULL`,
      )
      .bind(today, weekFrom)
      .first<{ today: number; week: number; opened_today: number; opened_week: number }>(),
    count(
      db
        .prepare(`SELECT COUNT(DISTINCT ref_id) AS n FROM analytics_events WHERE kind = 'order' AND day BETWEEN ?2 AND ?1`)
        .bind(today, weekFrom),
    ),
    // Due: from the last 7 days and either 24 hours old or already contacted. In time: contacted within 24 hours.
    db
      .prepare(
        `SELECT COUNT(*) AS due,
                COALESCE(SUM(CASE WHEN last_contacted_at IS NOT NULL AND julianday(last_contacted_at) - julianday(created_at) <= 1.0 THEN 1 ELSE 0 END), 0) AS in_time
           FROM leads WHERE created_at > ?1 AND created_at <= ?2 AND (created_at <= ?3 OR last_contacted_at IS NOT NULL)`,
      )
      .bind(weekAgo, nowIso, contactDue)
      .first<{ due: number; in_time: number }>(),
    count(
      db
        .prepare(`SELECT COUNT(*) AS n FROM leads WHERE follow_up_status = 'new' AND last_contacted_at IS NULL AND created_at <= ?1`)
        .bind(contactDue),
    ),
    // The order alerts: the same conditions as the orders screen's ?alert= filters.
    countOrderAlert(db, 'tracking_overdue', now),
    count(db.prepare(`SELECT COUNT(*) AS n FROM email_outbox WHERE status = 'failed' AND created_at <= ?1`).bind(nowIso)),
    count(
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM email_outbox WHERE dedupe_key LIKE 'staff-pin-lockout:%' AND created_at > ?1 AND created_at <= ?2`,
        )
        .bind(dayAgo, nowIso),
    ),
    latestAudit(db, 10),
    // Paid orders that fell due for dispatch (48 hours after payment) within the last 7 days.
    count(
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM orders WHERE payment_status = 'paid' AND paid_at IS NOT NULL AND paid_at > ?1 AND paid_at <= ?2`,
        )
        .bind(new Date(Date.parse(weekAgo) - DISPATCH_HOURS * HOUR_MS).toISOString(), dispatchDue),
    ),
    count(db.prepare(`SELECT COUNT(*) AS n FROM email_outbox WHERE created_at > ?1 AND created_at <= ?2`).bind(weekAgo, nowIso)),
    countOrderAlert(db, 'sizes_to_confirm', now),
    countOrderAlert(db, 'production_overdue', now),
  ]);

  const visitorsToday = visitors?.today ?? 0;
  const visitorsWeek = visitors?.week ?? 0;

  const alertItems: DashboardAlert[] = [
    {
      key: 'leads_not_contacted',
      count: leadsWaiting,
      sentence:
        leadsWaiting === 0
          ? 'Every lead has been contacted within 24 hours.'
          : `${plural(leadsWaiting, 'lead has', 'leads have')} waited more than 24 hours without contact (the site promises contact within 24 hours).`,
      link: '/leads',
      linkLabel: 'Open leads',
    },
    {
      key: 'orders_not_dispatched',
      count: ordersLate,
      sentence:
        ordersLate === 0
          ? 'No paid order has waited more than 48 hours for dispatch.'
          : `${plural(ordersLate, 'paid order has', 'paid orders have')} no courier tracking entry more than 48 hours after payment.`,
      link: '/admin/orders?alert=tracking_overdue',
      linkLabel: 'Open these orders',
    },
    {
      key: 'orders_sizes_to_confirm',
      count: sizesWaiting,
      sentence:
        sizesWaiting === 0
          ? 'No order has waited more than 24 hours for its sizes to be confirmed.'
          : `${plural(sizesWaiting, 'order has', 'orders have')} an estimated size not confirmed more than 24 hours after it was placed.`,
      link: '/admin/orders?alert=sizes_to_confirm',
      linkLabel: 'Open these orders',
    },
    {
      key: 'orders_production_overdue',
      count: productionLate,
      sentence:
        productionLate === 0
          ? 'No order is in production past its lead time.'
          : `${plural(productionLate, 'order has', 'orders have')} been in production longer than ${PRODUCTION_CALENDAR_DAYS} days (${PRODUCTION_WORKING_DAYS.max} working days).`,
      link: '/admin/orders?alert=production_overdue',
      linkLabel: 'Open these orders',
    },
    {
      key: 'failed_emails',
      count: failedEmails,
      sentence:
        failedEmails === 0
          ? 'No e-mail has failed.'
          : `${plural(failedEmails, 'e-mail', 'e-mails')} in the outbox failed after every retry and did not reach the recipient.`,
      link: '/admin/outbox?status=failed',
      linkLabel: 'Open the failed e-mails',
    },
    {
      key: 'pin_lockouts',
      count: pinLockouts,
      sentence:
        pinLockouts === 0
          ? 'No staff PIN lockout in the last 24 hours.'
          : `${plural(pinLockouts, 'staff PIN lockout', 'staff PIN lockouts')} in the last 24 hours: someone kept entering a wrong PIN.`,
      link: '#audit-log',
      linkLabel: 'See the audit log',
    },
  ];
  const alertCount = alertItems.reduce((sum, item) => sum + item.count, 0);

  const due = leadFollowUp?.due ?? 0;
  const inTime = leadFollowUp?.in_time ?? 0;
  const conversion = visitorsWeek === 0 ? 0 : orders7 / visitorsWeek;
  const parts: ScorePart[] = [
    {
      label: 'Lead follow-up',
      max: 50,
      points: due === 0 ? null : Math.round((50 * inTime) / due),
      detail:
        due === 0
          ? 'No lead from the last 7 days was due for contact'
          : `${inTime} of ${plural(due, 'lead', 'leads')} due were contacted within 24 hours`,
    },
    {
      label: 'Conversion',
      max: 30,
      points: visitorsWeek === 0 ? null : Math.round(30 * Math.min(1, conversion / TARGET_CONVERSION)),
      detail:
        visitorsWeek === 0
          ? 'No visitors recorded in the last 7 days'
          : `${plural(orders7, 'order', 'orders')} from ${plural(visitorsWeek, 'visitor', 'visitors')} (${(conversion * 100).toFixed(1)}%; 2% earns full marks)`,
    },
    {
      label: 'Dispatch',
      max: 10,
      points: dispatchesDue === 0 && ordersLate === 0 ? null : Math.max(0, 10 - 5 * ordersLate),
      detail:
        dispatchesDue === 0 && ordersLate === 0
          ? 'No paid order was due for dispatch'
          : `${plural(ordersLate, 'paid order', 'paid orders')} waiting more than 48 hours for a tracking entry`,
    },
    {
      label: 'E-mail delivery',
      max: 10,
      points: emailsWeek === 0 && failedEmails === 0 ? null : Math.max(0, 10 - 2 * failedEmails),
      detail:
        emailsWeek === 0 && failedEmails === 0
          ? 'No e-mail sent in the last 7 days'
          : `${plural(failedEmails, 'failed e-mail', 'failed e-mails')} in the outbox`,
    },
  ];

  return {
    success: true,
    computedAt: nowIso,
    today,
    weekFrom,
    visitors: {
      today: visitorsToday,
      last7Days: visitorsWeek,
      basis: `Distinct visitor hashes of recorded events (page views, visits, chats, prices asked) on ${today} and from ${weekFrom}; the hash changes daily, so a person who comes back on another day counts again.`,
    },
    chats: {
      today: chats?.today ?? 0,
      last7Days: chats?.week ?? 0,
      opened: { today: chats?.opened_today ?? 0, last7Days: chats?.opened_week ?? 0 },
      basis:
        'Chat sessions in which the customer sent at least one message (distinct session ids of chat_message events); opened counts every chat window started.',
    },
    alerts: {
      count: alertCount,
      items: alertItems,
      basis:
        'Sum of: new leads not contacted 24 hours after arriving, paid orders without a tracking entry 48 hours after payment, orders with an estimated size not confirmed 24 hours after they were placed, orders in production past their lead time, failed e-mails in the outbox, staff PIN lockout e-mails in the last 24 hours. Cancelled orders never count.',
    },
    score: {
      value: scoreValue(parts),
      parts,
      formula: SCORE_FORMULA,
      basis:
        'Business health out of 100 from lead follow-up (50), conversion (30), dispatch (10) and e-mail delivery (10), counting only the parts where something was due; no score until something was.',
    },
    competitors: await competitorFigure(db),
    audit: audit.map((entry) => ({
      id: entry.id,
      createdAt: entry.createdAt,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
    })),
    samplePrices: await samplePricesAlert(db),
    fitGuarantee: {
      ...(await fitGuaranteeFigures(db, startOfSouthAfricanDay(weekFrom))),
      basis: `From ${weekFrom} to ${today}: order lines whose size staff confirmed from the customer's photo (covered by the fit guarantee), and the remakes staff recorded, split by whether the line was covered when the remake was claimed, with the costs staff entered. Cancelled orders' lines do not count as covered.`,
    },
  };
}
