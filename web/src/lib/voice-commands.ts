// The spoken commands of storefront spec section 4: the command table, checked in order, the
// whole-word phrase match and the wake word. Pure: the voice controller and its tests use it.

export type VoiceAction = { kind: 'stop' } | { kind: 'navigate'; to: string } | { kind: 'chat'; text: string };

export interface CommandRow {
  /** Row name, for tests and logs. */
  id: 'stop' | 'show-notes' | 'notes' | 'walkthrough' | 'visualizer' | 'shutters' | 'client-note';
  /** Phrases matched as whole words, case-insensitive; a trailing space (as in 'at ') must be followed by whitespace. */
  phrases: (name: string) => string[];
  action: (text: string, name: string) => VoiceAction;
}

/** '/melvin-workspace': the site-visit notes workspace. */
export function workspacePath(name: string): string {
  return `/${name.trim().toLowerCase()}-workspace`;
}

/**
 * The command table of spec section 4, in the order it is checked: the first row with a matching
 * phrase wins; anything else becomes a chat message.
 */
export const COMMAND_TABLE: readonly CommandRow[] = [
  { id: 'stop', phrases: (name) => ['stop listening', 'turn off', `stop ${name}`], action: () => ({ kind: 'stop' }) },
  {
    id: 'show-notes',
    phrases: () => ['show me my notes', 'show notes'],
    action: (_text, name) => ({ kind: 'navigate', to: `${workspacePath(name)}?view=today` }),
  },
  {
    id: 'notes',
    phrases: () => ['site visit notes', 'take notes', 'notes'],
    action: (_text, name) => ({ kind: 'navigate', to: workspacePath(name) }),
  },
  {
    id: 'walkthrough',
    phrases: () => ['walkthrough', 'walk-through', 'walk through'],
    action: () => ({ kind: 'navigate', to: '/room-walkthrough-rebuilt' }),
  },
  { id: 'visualizer', phrases: () => ['visualizer', 'visualiser'], action: () => ({ kind: 'navigate', to: '/ar-measurement' }) },
  { id: 'shutters', phrases: () => ['shutter', 'shutters'], action: () => ({ kind: 'navigate', to: '/shutter-visualization' }) },
  {
    id: 'client-note',
    phrases: () => ['client', 'customer', 'at '],
    action: (text, name) => ({ kind: 'navigate', to: `${workspacePath(name)}?note=${encodeURIComponent(text)}` }),
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole-word, case-insensitive match: 'at ' matches "meeting at Smith's" but not 'what does'. */
export function phraseMatches(text: string, phrase: string): boolean {
  const trailingSpace = /\s$/.test(phrase);
  const core = phrase.trim();
  if (!core) return false;
  const words = core.split(/\s+/).map(escapeRegExp).join('\\s+');
  const start = /^\w/.test(core) ? '\\b' : '';
  const end = trailingSpace ? '\\s' : /\w$/.test(core) ? '\\b' : '';
  return new RegExp(`${start}${words}${end}`, 'i').test(text);
}

/** The row a spoken command matches, or null (then it is a chat message). */
export function matchCommand(text: string, name: string): CommandRow | null {
  return COMMAND_TABLE.find((row) => row.phrases(name).some((phrase) => phraseMatches(text, phrase))) ?? null;
}

/** What a spoken command does (spec section 4 command table). */
export function commandAction(text: string, name: string): VoiceAction {
  const spoken = text.trim();
  const row = matchCommand(spoken, name);
  return row ? row.action(spoken, name) : { kind: 'chat', text: spoken };
}

/** True when the transcript contains the assistant's name (which covers 'hey' + name). */
export function heardWakeWord(text: string, name: string): boolean {
  const needle = name.trim().toLowerCase();
  return needle.length > 0 && text.toLowerCase().includes(needle);
}
