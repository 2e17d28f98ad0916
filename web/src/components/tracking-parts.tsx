// The pieces every tracking view shares (the /track result, the order confirmation's timeline and
// the staff list): the status badge and the history timeline, newest first everywhere.
import type { PublicTrackingDto, TrackingHistoryItem } from '@shared/tracking-api';
import { trackingStatusLabel } from '@shared/tracking-api';
import './tracking.css';

/** Spec section 4: uppercase with the underscore as a space; yellow, blue, green, red. */
export function TrackingStatusBadge({ status }: { status: string }) {
  return <span className={`tracking-badge tracking-badge--${status}`}>{trackingStatusLabel(status)}</span>;
}

/** '24 Nov 2026, 10:05' in South African time. */
export function formatTrackingTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Johannesburg',
  });
}

/** The history as a timeline, the latest event first. */
export function TrackingTimeline({ history, label }: { history: readonly TrackingHistoryItem[]; label: string }) {
  const newestFirst = [...history].reverse();
  return (
    <ol className="tracking-timeline" aria-label={label}>
      {newestFirst.map((item, i) => (
        <li
          key={`${item.timestamp}-${i}`}
          className={i === 0 ? 'tracking-timeline__item tracking-timeline__item--latest' : 'tracking-timeline__item'}
        >
          <span className={`tracking-timeline__dot tracking-timeline__dot--${item.status}`} aria-hidden="true" />
          <div className="tracking-timeline__body">
            <p className="tracking-timeline__head">
              <TrackingStatusBadge status={item.status} />
              <time dateTime={item.timestamp}>{formatTrackingTime(item.timestamp)}</time>
            </p>
            <p className="tracking-timeline__message">{item.message}</p>
            {item.location && <p className="tracking-timeline__location">Location: {item.location}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Status, number, courier, location and estimated delivery of one entry. */
export function TrackingFacts({ tracking }: { tracking: PublicTrackingDto }) {
  return (
    <dl className="tracking-facts">
      <dt>Status</dt>
      <dd>
        <TrackingStatusBadge status={tracking.status} />
      </dd>
      <dt>Tracking number</dt>
      <dd data-testid="tracking-number">{tracking.trackingNumber}</dd>
      {tracking.courierName && (
        <>
          <dt>Courier</dt>
          <dd>{tracking.courierName}</dd>
        </>
      )}
      <dt>Latest update</dt>
      <dd>{tracking.statusMessage}</dd>
      <dt>Current location</dt>
      <dd>{tracking.currentLocation || 'Not provided'}</dd>
      <dt>Estimated delivery</dt>
      <dd>{tracking.estimatedDelivery || 'Not provided'}</dd>
      <dt>Last updated</dt>
      <dd>
        <time dateTime={tracking.updatedAt}>{formatTrackingTime(tracking.updatedAt)}</time>
      </dd>
    </dl>
  );
}
