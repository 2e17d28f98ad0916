import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatUserContext, consultantStorageKey, isConsultantMode, readConsultantMode } from '../../web/src/features/chat/consultant-mode';
import { COMMAND_TABLE, commandAction, heardWakeWord, phraseMatches } from '../../web/src/lib/voice-commands';

const NAME = 'Melvin';

describe('consultant mode (spec section 3)', () => {
  it('is off for a customer with no signal', () => {
    expect(isConsultantMode({ name: NAME })).toBe(false);
    expect(
      isConsultantMode({
        name: NAME,
        location: 'national',
        isNamed: false,
        pathname: '/',
        sessionId: 'session_1_abcdefghi',
        storageValue: null,
      }),
    ).toBe(false);
  });
  it("is on when the location is 'garden_route'", () => {
    expect(isConsultantMode({ name: NAME, location: 'garden_route' })).toBe(true);
    expect(isConsultantMode({ name: NAME, location: 'garden-route' })).toBe(false);
  });
  it('is on when the is{Name} flag is true', () => {
    expect(isConsultantMode({ name: NAME, isNamed: true })).toBe(true);
    expect(isConsultantMode({ name: NAME, isNamed: false })).toBe(false);
  });
  it('is on when the URL path or the session id contains the name, in any case', () => {
    expect(isConsultantMode({ name: NAME, pathname: '/melvin-workspace' })).toBe(true);
    expect(isConsultantMode({ name: NAME, pathname: '/MELVIN' })).toBe(true);
    expect(isConsultantMode({ name: NAME, pathname: '/quote-calculator' })).toBe(false);
    expect(isConsultantMode({ name: NAME, sessionId: 'session_Melvin_123' })).toBe(true);
    expect(isConsultantMode({ name: NAME, sessionId: 'session_1719_abcdefghi' })).toBe(false);
  });
  it("is on when local storage '{name}_session' equals 'true' and only then", () => {
    expect(consultantStorageKey(NAME)).toBe('melvin_session');
    expect(isConsultantMode({ name: NAME, storageValue: 'true' })).toBe(true);
    expect(isConsultantMode({ name: NAME, storageValue: 'false' })).toBe(false);
    expect(isConsultantMode({ name: NAME, storageValue: '1' })).toBe(false);
  });
  it('follows the configured name', () => {
    expect(isConsultantMode({ name: 'Thandi', pathname: '/thandi-workspace' })).toBe(true);
    expect(isConsultantMode({ name: 'Thandi', pathname: '/melvin-workspace' })).toBe(false);
  });
  it('builds the userContext with the contract field names', () => {
    expect(chatUserContext(NAME, true)).toEqual({ location: 'garden_route', isMelvin: true });
    expect(chatUserContext(NAME, false)).toEqual({ location: 'national', isMelvin: false });
    expect(chatUserContext(NAME, false, 'garden_route')).toEqual({ location: 'garden_route', isMelvin: false });
    expect(chatUserContext('Thandi', true)).toEqual({ location: 'garden_route', isThandi: true });
  });
  describe('reading the browser', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('reads local storage and the path', () => {
      const store = new Map<string, string>([['melvin_session', 'true']]);
      vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
      vi.stubGlobal('location', { pathname: '/' });
      expect(readConsultantMode(NAME)).toBe(true);
      store.clear();
      expect(readConsultantMode(NAME)).toBe(false);
      vi.stubGlobal('location', { pathname: '/melvin-workspace' });
      expect(readConsultantMode(NAME)).toBe(true);
    });
    it('treats blocked storage as no signal', () => {
      vi.stubGlobal('localStorage', {
        getItem: () => {
          throw new Error('blocked');
        },
      });
      vi.stubGlobal('location', { pathname: '/' });
      expect(readConsultantMode(NAME, { sessionId: 'session_1_abcdefghi' })).toBe(false);
    });
  });
});

describe('voice command table (spec section 4)', () => {
  const rows: Array<[string, ReturnType<typeof commandAction>]> = [
    ['stop listening', { kind: 'stop' }],
    ['please turn off', { kind: 'stop' }],
    ['Stop Melvin', { kind: 'stop' }],
    ['stop listening to my notes', { kind: 'stop' }], // stop phrases are checked first
    ['notes', { kind: 'navigate', to: '/melvin-workspace' }],
    ['Take notes', { kind: 'navigate', to: '/melvin-workspace' }],
    ['site visit notes', { kind: 'navigate', to: '/melvin-workspace' }],
    ['show me my notes', { kind: 'navigate', to: '/melvin-workspace?view=today' }],
    ['Show notes', { kind: 'navigate', to: '/melvin-workspace?view=today' }],
    ['walkthrough', { kind: 'navigate', to: '/room-walkthrough-rebuilt' }],
    ['start the walk through', { kind: 'navigate', to: '/room-walkthrough-rebuilt' }],
    ['open the visualizer', { kind: 'navigate', to: '/ar-measurement' }],
    ['shutter', { kind: 'navigate', to: '/shutter-visualization' }],
    ['Shutters please', { kind: 'navigate', to: '/shutter-visualization' }],
    ['new client Mrs Smith', { kind: 'navigate', to: '/melvin-workspace?note=new%20client%20Mrs%20Smith' }],
    ['Customer wants 3 rollers', { kind: 'navigate', to: '/melvin-workspace?note=Customer%20wants%203%20rollers' }],
    ['at 12 Main Road & co', { kind: 'navigate', to: '/melvin-workspace?note=at%2012%20Main%20Road%20%26%20co' }],
    ['what does a roller blind cost', { kind: 'chat', text: 'what does a roller blind cost' }], // 'at ' is a whole word only
    ['  Do you install in George?  ', { kind: 'chat', text: 'Do you install in George?' }],
  ];
  it.each(rows)('%j', (spoken, expected) => {
    expect(commandAction(spoken, NAME)).toEqual(expected);
  });
  it('checks the rows in a fixed order: stop, show notes, notes, walkthrough, visualizer, shutters, client note', () => {
    expect(COMMAND_TABLE.map((r) => r.id)).toEqual(['stop', 'show-notes', 'notes', 'walkthrough', 'visualizer', 'shutters', 'client-note']);
    // Earlier rows win when a phrase matches several.
    expect(commandAction('show notes for the client', NAME)).toEqual({ kind: 'navigate', to: '/melvin-workspace?view=today' });
    expect(commandAction('take notes at the client', NAME)).toEqual({ kind: 'navigate', to: '/melvin-workspace' });
    expect(commandAction('shutters for the customer', NAME)).toEqual({ kind: 'navigate', to: '/shutter-visualization' });
  });
  it('matches whole words, case-insensitively', () => {
    expect(phraseMatches('Meeting AT the house', 'at ')).toBe(true);
    expect(phraseMatches('that one', 'at ')).toBe(false);
    expect(phraseMatches('footnotes', 'notes')).toBe(false);
    expect(phraseMatches('SHOW  NOTES', 'show notes')).toBe(true);
  });
  it('uses the configured name for stop and the workspace', () => {
    expect(commandAction('stop thandi', 'Thandi')).toEqual({ kind: 'stop' });
    expect(commandAction('notes', 'Thandi')).toEqual({ kind: 'navigate', to: '/thandi-workspace' });
  });
  it('hears the wake word anywhere in the transcript', () => {
    expect(heardWakeWord('hey melvin', NAME)).toBe(true);
    expect(heardWakeWord('HEY MELVIN are you there', NAME)).toBe(true);
    expect(heardWakeWord('Melvin', NAME)).toBe(true);
    expect(heardWakeWord('hey there', NAME)).toBe(false);
  });
});
