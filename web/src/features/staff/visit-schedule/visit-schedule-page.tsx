// /admin/visit-schedule: when consultants visit. Staff open a day in a Garden Route area with its
// start times, the visit length and how many visits each time takes; the booking page offers those
// times to customers. Staff see who booked each time, change its places (never below the visits
// booked) or remove a time nobody booked. Booked visits also show on /site-visits for their day.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GARDEN_ROUTE_AREAS, type GardenRouteArea, type StaffSlot } from '@shared/visit-bookings-api';
import { toast } from '../../../components/toast';
import { changeCapacity, fetchSchedule, openDay, reason, removeSlot } from './visit-schedule-client';
import './visit-schedule.css';

type Load = { state: 'loading' } | { state: 'ready'; slots: StaffSlot[] } | { state: 'error'; message: string };

const DEFAULT_TIMES = '09:00, 11:00, 14:00';

function OpenDayForm({ onOpened }: { onOpened: () => void }) {
  const id = useId();
  const [visitDate, setVisitDate] = useState('');
  const [area, setArea] = useState<GardenRouteArea>(GARDEN_ROUTE_AREAS[0]);
  const [times, setTimes] = useState(DEFAULT_TIMES);
  const [duration, setDuration] = useState('60');
  const [capacity, setCapacity] = useState('1');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!visitDate) return setError('Choose the day.');
    setPending(true);
    setError(null);
    try {
      const list = times
        .split(/[,\s]+/)
        .map((t) => t.trim())
        .filter(Boolean);
      const answer = await openDay({ visitDate, area, times: list, durationMinutes: Number(duration), capacity: Number(capacity) });
      toast({ title: 'Visit times opened', description: `${answer.slots.length} time(s) in ${area} on ${visitDate}.` });
      onOpened();
    } catch (err) {
      setError(reason(err, 'The day could not be opened. Try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="staff-card schedule-form" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>Open a day for visits</h2>
      <label>
        <span>Day</span>
        <input type="date" value={visitDate} onChange={(e) => setVisitDate(e.target.value)} required />
      </label>
      <label>
        <span>Area</span>
        <select value={area} onChange={(e) => setArea(e.target.value as GardenRouteArea)}>
          {GARDEN_ROUTE_AREAS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <label>
        <span>Start times (HH:MM, comma-separated)</span>
        <input value={times} onChange={(e) => setTimes(e.target.value)} required />
      </label>
      <label>
        <span>Visit length (minutes)</span>
        <input type="number" min={30} max={240} step={15} value={duration} onChange={(e) => setDuration(e.target.value)} />
      </label>
      <label>
        <span>Visits per time</span>
        <input type="number" min={1} max={10} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
      </label>
      {error && (
        <p className="schedule-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={pending}>
        {pending ? 'Opening...' : 'Open these times'}
      </button>
    </form>
  );
}

function SlotRow({ slot, onChanged }: { slot: StaffSlot; onChanged: () => void }) {
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const [pending, setPending] = useState(false);
  const id = useId();
  async function run(action: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await action();
      toast({ title: done });
      onChanged();
    } catch (err) {
      toast({ title: 'Not changed', description: reason(err, 'Try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }
  return (
    <li className="schedule-slot">
      <div className="schedule-slot__head">
        <strong>
          {slot.startTime} to {slot.endTime}
        </strong>{' '}
        · {slot.area} · {slot.booked} of {slot.capacity} booked
      </div>
      {slot.bookings.length > 0 && (
        <ul className="schedule-slot__bookings">
          {slot.bookings.map((b) => (
            <li key={b.id}>
              {b.name}, <a href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a>, {b.address}
            </li>
          ))}
        </ul>
      )}
      <div className="schedule-slot__actions">
        <label htmlFor={`${id}-cap`}>Places</label>
        <input id={`${id}-cap`} type="number" min={1} max={10} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        <button
          type="button"
          className="button button--small"
          disabled={pending || Number(capacity) === slot.capacity}
          onClick={() => run(() => changeCapacity(slot.id, Number(capacity)), 'Places changed')}
        >
          Save places
        </button>
        {slot.booked === 0 && (
          <button
            type="button"
            className="button button--small"
            disabled={pending}
            onClick={() => run(() => removeSlot(slot.id), 'Time removed')}
          >
            Remove time
          </button>
        )}
      </div>
    </li>
  );
}

export function VisitSchedulePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    fetchSchedule()
      .then((slots) => !cancelled && setLoad({ state: 'ready', slots }))
      .catch((err: unknown) => !cancelled && setLoad({ state: 'error', message: reason(err, 'The schedule could not be loaded.') }));
    return () => {
      cancelled = true;
    };
  }, [version]);
  const refresh = () => setVersion((n) => n + 1);
  const days = load.state === 'ready' ? [...new Set(load.slots.map((s) => s.visitDate))] : [];

  return (
    <main className="staff-page schedule-page" id="main">
      <header>
        <h1>Visit schedule</h1>
        <p>
          The times customers can book a Garden Route site visit on <Link to="/book-site-visit">the booking page</Link>. Booked visits also
          show on <Link to="/site-visits">Site visits</Link> for their day.
        </p>
      </header>
      <OpenDayForm onOpened={refresh} />
      <section className="staff-card" aria-labelledby="schedule-days">
        <h2 id="schedule-days">Open times</h2>
        {load.state === 'loading' && <p>Loading the schedule...</p>}
        {load.state === 'error' && (
          <p className="schedule-error" role="alert">
            {load.message}{' '}
            <button type="button" className="button button--small" onClick={refresh}>
              Try again
            </button>
          </p>
        )}
        {load.state === 'ready' && days.length === 0 && <p>No visit times are open. Open a day above.</p>}
        {days.map((day) => (
          <div key={day} className="schedule-day">
            <h3>{day}</h3>
            <ul className="schedule-slots">
              {load.state === 'ready' &&
                load.slots
                  .filter((s) => s.visitDate === day)
                  .map((s) => <SlotRow key={`${s.id}:${s.capacity}`} slot={s} onChanged={refresh} />)}
            </ul>
          </div>
        ))}
      </section>
    </main>
  );
}
