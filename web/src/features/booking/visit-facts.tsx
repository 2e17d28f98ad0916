import type { BookingView } from '@shared/visit-bookings-api';
import { longDay } from './booking-client';

/** When and where a booked visit is, as the booking and manage pages show it. */
export function VisitFacts({ booking }: { booking: BookingView }) {
  return (
    <dl className="booking-facts">
      <dt>When</dt>
      <dd>
        {longDay(booking.visitDate)}, {booking.startTime} to {booking.endTime}
      </dd>
      <dt>Where</dt>
      <dd>
        {booking.address} ({booking.area})
      </dd>
    </dl>
  );
}
