// /admin/colours (staff spec 2.8, 5, 8): staff upload the outdoor blinds colour range from a Word
// document (replace all or merge) and review the range the storefront's outdoor products offer.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { OutdoorColour, OutdoorColoursResponse, UploadColoursResponse } from '@shared/outdoor-colours-api';
import { TabList, tabPanelProps } from '../../../components/tabs';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { fetchOutdoorColours, isWordFileName, uploadOutdoorColours } from './colours-client';
import './colours.css';

type TabId = 'upload' | 'current';
const TABS: { id: TabId; label: string }[] = [
  { id: 'upload', label: 'Upload Colours' },
  { id: 'current', label: 'Current Colours' },
];

type RangeState = { status: 'loading' } | { status: 'ready'; range: OutdoorColoursResponse } | { status: 'error'; message: string };

function formatWhen(iso: string | null): string {
  if (!iso) return 'Never (the built-in range is shown)';
  return new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function ColoursPage() {
  const [tab, setTab] = useState<TabId>('upload');
  const [range, setRange] = useState<RangeState>({ status: 'loading' });

  const load = useCallback(async () => {
    setRange({ status: 'loading' });
    try {
      const range = await fetchOutdoorColours();
      setRange(range ? { status: 'ready', range } : { status: 'error', message: 'Could not load the colour list.' });
    } catch {
      setRange({ status: 'error', message: 'Could not load the colour list. Check the connection and press Refresh Colour List.' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <main className="staff-page outdoor-colours" id="main">
      <header className="oc-head">
        <div>
          <p className="eyebrow">Staff</p>
          <h1>Outdoor Blinds Colour Management</h1>
          <p className="muted">
            Upload the outdoor blinds colour range from a Word document. The outdoor products on the storefront offer this range as soon as
            it is uploaded.
          </p>
        </div>
        <button type="button" className="button button--small" onClick={() => void load()} disabled={range.status === 'loading'}>
          {range.status === 'loading' ? 'Refreshing…' : 'Refresh Colour List'}
        </button>
      </header>

      <TabList
        label="Outdoor colours"
        idPrefix="oc"
        tabs={TABS.map((t) => ({
          id: t.id,
          label: t.id === 'current' && range.status === 'ready' ? `${t.label} (${range.range.colours.length})` : t.label,
        }))}
        selected={tab}
        onSelect={setTab}
        className="oc-tabs"
        tabClassName="oc-tab"
      />

      <section {...tabPanelProps('oc', 'upload', tab)} className="staff-card oc-card">
        <UploadPanel onUploaded={() => void load()} />
      </section>
      <section {...tabPanelProps('oc', 'current', tab)} className="staff-card oc-card">
        <CurrentPanel state={range} />
      </section>
    </main>
  );
}

function UploadPanel({ onUploaded }: { onUploaded: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [replaceAll, setReplaceAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<UploadColoursResponse | null>(null);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | null) => {
    setResult(null);
    setFailure(null);
    if (chosen && !isWordFileName(chosen.name)) {
      toast({ title: 'Invalid File Type', description: 'Please select a Word document (.doc or .docx)', variant: 'destructive' });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setResult(null);
    setFailure(null);
    try {
      const answer = await uploadOutdoorColours(file, replaceAll);
      setResult(answer);
      toast({ title: 'Colours uploaded', description: answer.message });
      onUploaded();
    } catch (err) {
      const server = err instanceof ApiError ? err.serverMessage : null;
      let reasons: string[] = [];
      if (err instanceof ApiError) {
        try {
          reasons = ((JSON.parse(err.body) as { issues?: { message: string }[] }).issues ?? []).map((i) => i.message);
        } catch {
          reasons = [];
        }
      }
      const message = server ?? 'Failed to upload colours';
      setFailure({ message, reasons });
      if (err instanceof ApiError && err.status === 415 && server?.startsWith('Invalid File Type')) {
        toast({ title: 'Invalid File Type', description: 'Please select a Word document (.doc or .docx)', variant: 'destructive' });
      } else {
        toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="oc-upload">
      <h2>Upload Colours</h2>
      <p className="muted">
        One colour per line: <code>Colour Name - #HEXCODE - Description</code>. The hex code has 6 digits (#RRGGBB); the description is
        optional. Other lines are skipped and listed with the reason.
      </p>
      <label className="oc-field">
        Word document (.doc or .docx)
        <input
          ref={inputRef}
          type="file"
          name="colorDocument"
          accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          disabled={busy}
        />
      </label>
      <label className="oc-check">
        <input type="checkbox" checked={replaceAll} onChange={(e) => setReplaceAll(e.currentTarget.checked)} disabled={busy} />
        <span>
          Replace all existing colours
          <small className="muted">
            {replaceAll
              ? ' The current range is removed and the document becomes the whole range.'
              : ' Unticked: merge. New names are added, existing names are updated.'}
          </small>
        </span>
      </label>
      <button type="submit" className="button button--accent" disabled={!file || busy}>
        {busy ? 'Uploading…' : 'Upload Colours'}
      </button>

      {failure && (
        <div className="oc-result oc-result--error" role="alert">
          <p>
            <strong>Upload Failed:</strong> {failure.message}
          </p>
          {failure.reasons.length > 0 && (
            <ul>
              {failure.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result && <UploadResult result={result} />}
    </form>
  );
}

function UploadResult({ result }: { result: UploadColoursResponse }) {
  return (
    <div className="oc-result" role="status">
      <p>
        <strong>{result.message}</strong>
      </p>
      <p>
        {result.colorsAdded} colour{result.colorsAdded === 1 ? '' : 's'} added or updated · {result.totalColors} in the range now
      </p>
      <h3>Added</h3>
      <ColourList colours={result.colours} />
      <h3>Skipped lines ({result.skipped.length})</h3>
      {result.skipped.length === 0 ? (
        <p className="muted">No lines were skipped.</p>
      ) : (
        <ul className="oc-skipped">
          {result.skipped.map((s) => (
            <li key={s.line}>
              <span>{s.reason}</span>
              <q>{s.text}</q>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CurrentPanel({ state }: { state: RangeState }) {
  if (state.status === 'loading') return <p role="status">Loading the colour list…</p>;
  if (state.status === 'error')
    return (
      <p role="alert" className="oc-error">
        {state.message}
      </p>
    );
  const { range } = state;
  return (
    <div>
      <h2>Current Colours</h2>
      <dl className="oc-meta">
        <div>
          <dt>Colours</dt>
          <dd>{range.colours.length}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatWhen(range.lastUpdated)}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{range.source === 'seed' ? 'Built-in range (no document uploaded yet)' : range.source}</dd>
        </div>
      </dl>
      {range.colours.length === 0 ? <p className="muted">No colour data available</p> : <ColourList colours={range.colours} />}
    </div>
  );
}

function ColourList({ colours }: { colours: OutdoorColour[] }) {
  return (
    <ul className="oc-colours">
      {colours.map((c) => (
        <li key={c.name} className="oc-colour">
          <span className="oc-swatch" style={{ background: c.hex }} aria-hidden="true">
            {c.imageUrl && <img src={c.imageUrl} alt="" width="48" height="48" loading="lazy" />}
          </span>
          <span className="oc-colour__text">
            <strong>{c.name}</strong>
            <span className="muted">
              {c.hex} · {c.material}, {c.finish}
            </span>
            {c.description && <span>{c.description}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
