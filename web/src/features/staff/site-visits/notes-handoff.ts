import { NOTE_TEXT_LIMIT } from '@shared/site-visit-records';
import { siteVisitActions } from './site-visit-sync';

export type HandoffResult = 'shared' | 'copied' | 'cancelled' | 'backup';

/**
 * Staff spec 2.11 and 8: hands notes to a notes app (the system share sheet where the browser has
 * one), else copies them to the clipboard; when both fail the note is kept as a workspace note.
 */
export async function handNotesToApp(title: string, text: string): Promise<HandoffResult> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user activation, unsupported data): try the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    siteVisitActions.createNote(`${title}\n${text}`.slice(0, NOTE_TEXT_LIMIT));
    return 'backup';
  }
}

/** A mailto: link that opens the notes in the device's mail or notes app (the spec's 'by link'). */
export function notesMailtoLink(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
