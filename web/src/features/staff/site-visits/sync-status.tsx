import { SAVED_LABELS, type SavedWhere } from './site-visit-store';
import { syncNow, type SiteVisitSnapshot } from './site-visit-sync';

/** 'Saved on this phone' / 'Saved to the office': where one visit or note is safe right now. */
export function SavedBadge({ saved }: { saved: SavedWhere }) {
  return <span className={`site-visit__saved site-visit__saved--${saved}`}>{SAVED_LABELS[saved]}</span>;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });

/** The sync's state in words, with a button to send now (the sync also runs by itself). */
export function SyncStatus({ snapshot }: { snapshot: SiteVisitSnapshot }) {
  const { pending, syncState, syncMessage, lastSyncedAt, storedLocally } = snapshot;
  const waiting = `${pending} change${pending === 1 ? '' : 's'} saved on this phone`;
  let text: string;
  if (!storedLocally) text = 'This browser would not store the last change. Free some space or leave private browsing.';
  else if (syncState === 'syncing' && pending) text = `Saving ${pending} change${pending === 1 ? '' : 's'} to the office...`;
  else if (syncState === 'locked') text = `${pending ? `${waiting}. ` : ''}${syncMessage ?? ''}`;
  else if (syncState === 'refused') text = `${waiting}: the office did not accept them: ${syncMessage ?? ''}`;
  else if (pending && syncState === 'offline') text = `Offline: ${waiting}. They go to the office when the network is back.`;
  else if (pending) text = `${waiting}, waiting to go to the office.`;
  else if (syncState === 'offline') text = 'Offline: new work is saved on this phone until the network is back.';
  // A background read of the office copy (every 30 s) changes nothing here, so nothing is announced.
  else text = lastSyncedAt ? 'Everything is saved to the office.' : 'Connecting to the office...';
  const alert = !storedLocally || syncState === 'refused' || syncState === 'locked';
  return (
    <div className={`site-visits__sync${alert ? ' site-visits__sync--alert' : ''}`}>
      <p role="status">{text}</p>
      {lastSyncedAt && <small>Office copy read at {time(lastSyncedAt)}</small>}
      <button
        type="button"
        className="button button--small button--ghost-dark"
        onClick={() => void syncNow()}
        disabled={syncState === 'syncing'}
      >
        Sync now
      </button>
    </div>
  );
}
