// A shutter's or awning's options CSV on /admin/pricing: download the options in force (louvre
// sizes, frames, panel counts with their widths, motor), edit the charges in rand incl. VAT, and
// upload the file back; it replaces the options whole or the row at fault is named.
import { useRef, useState, type ChangeEvent } from 'react';
import type { CatalogItem } from '@shared/catalogue-api';
import type { CatalogueSection } from '@shared/catalogue-types';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadOptionsTemplate, sessionEndedOr, uploadOptionList } from './price-lists-client';

export const SECTIONS_WITH_OPTIONS: readonly CatalogueSection[] = ['indoor_shutters', 'outdoor_shutters', 'outdoor_awnings'];

export function OptionsListActions({ item, onChanged }: { item: CatalogItem; onChanged: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');

  const download = async () => {
    try {
      await downloadOptionsTemplate(item.id);
    } catch (err) {
      toast({ title: 'Download Failed', description: sessionEndedOr(err, 'Failed to download the options list'), variant: 'destructive' });
    }
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setResult('');
    try {
      const answer = await uploadOptionList(item.id, file);
      setResult(answer.message);
      onChanged();
    } catch (err) {
      const message =
        err instanceof ApiError && err.status !== 401 && err.serverMessage
          ? err.serverMessage
          : sessionEndedOr(err, 'Failed to upload the options list');
      setResult(`Not uploaded: ${message}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="as-options" data-testid="options-list">
      <div className="as-actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => void download()}
          aria-label={`Download options for ${item.name}`}
        >
          Download options
        </button>
        <button
          type="button"
          className="button button--ghost-dark button--small"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={`Upload options CSV for ${item.name}`}
        >
          {busy ? 'Uploading…' : 'Upload options'}
        </button>
        {/* Opened by the button above: a file input is clumsy to style and to reach by keyboard. */}
        <input ref={input} hidden type="file" accept=".csv,text/csv" onChange={(e) => void upload(e)} />
      </div>
      <p role="status" aria-live="polite" className="as-hint">
        {result}
      </p>
    </div>
  );
}
