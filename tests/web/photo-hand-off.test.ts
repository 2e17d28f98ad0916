// The quick scan's photo follows its size (DESIGN.md 7b, staff open the photos the customer sent):
// analyze-window answers photo_key, the hand-off to the calculator (auto-measurements) carries it
// onto the form and the line, the stored basket keeps it, and the order sends it per line with the
// chat session of this tab. The payload is checked against the server's own schema.
import { describe, expect, it } from 'vitest';
import { orderSubmitSchema } from '@shared/orders-api';
import { photoKeyOrNone } from '@shared/photo-keys';
import {
  buildOrderPayload,
  buildQuoteLine,
  editSize,
  emptyBlindForm,
  parseAutoMeasurements,
  type CustomerDetails,
} from '../../web/src/features/quote/calculator-model';
import { withConvertedSize } from '../../web/src/features/quote/measured-size';
import { parseQuoteBlinds } from '../../web/src/lib/quote-storage';
import { readChatSession, rememberChatSession } from '../../web/src/lib/session-id';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';
import { line } from './quote-fixtures';

const PHOTO = 'windows/session_1764144000000_abc123xyz/1764144012345.jpg';
const CHAT = 'session_1764144000000_k3j9x0p2q';
const customer: CustomerDetails = {
  customer_name: 'Thandi Mokoena',
  customer_email: 'thandi@example.co.za',
  customer_phone: '082 555 0101',
  customer_address: '',
  special_instructions: '',
};

/** A Storage in memory (sessionStorage stands in for the tab). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('the quick scan hands its photo to the calculator', () => {
  const handOff = (extra: Record<string, unknown>) =>
    JSON.stringify({ width_mm: 1180, drop_mm: 1460, measured: 'outer-frame', size_source: 'scan-a4', ...extra });

  it('keeps a photo key of the form the server answers, and drops anything else', () => {
    expect(parseAutoMeasurements(handOff({ photo_key: PHOTO }))).toMatchObject({
      width_mm: 1180,
      size_source: 'scan-a4',
      photo_key: PHOTO,
    });
    for (const bad of ['chat/session_1/1.jpg', 'windows/../secrets/1764144012345.jpg', `${PHOTO}.exe`, 42, ''])
      expect(parseAutoMeasurements(handOff({ photo_key: bad }))).not.toHaveProperty('photo_key');
    expect(parseAutoMeasurements(handOff({}))).not.toHaveProperty('photo_key');
    expect(photoKeyOrNone(PHOTO)).toBe(PHOTO);
  });

  it('the form and the line carry it, also when the frame is converted or the customer types over the size', () => {
    const size = parseAutoMeasurements(handOff({ photo_key: PHOTO }));
    const form = { ...emptyBlindForm(size), productType: 'roller-blockout', colour: 'White', quantityText: '1' };
    expect(form.photoKey).toBe(PHOTO);
    expect(withConvertedSize(form, { widthMm: 1180, dropMm: 1460, following: true }).photoKey).toBe(PHOTO);
    expect(buildQuoteLine(form, 1250, 'l1', [])).toMatchObject({ size_source: 'scan-a4', photo_key: PHOTO });
    // Typed over: the size is the customer's now, and the photo is still of that window.
    const typed = editSize(form, { widthText: '1200' });
    expect(buildQuoteLine(typed, 1250, 'l1', [])).toMatchObject({ size_source: 'typed', photo_key: PHOTO });
    // A blank form after adding (or a size without a scan) has no photo.
    expect(
      buildQuoteLine(
        { ...emptyBlindForm(null), productType: 'roller-blockout', widthText: '900', dropText: '900', colour: 'White' },
        900,
        'l2',
        [],
      ),
    ).not.toHaveProperty('photo_key');
  });

  it('the stored basket keeps a valid key and drops a tampered one', () => {
    const stored = JSON.stringify([
      line({ id: 'a', photo_key: PHOTO }),
      line({ id: 'b', photo_key: 'https://evil.example/x.jpg' }),
      line({ id: 'c' }),
    ]);
    expect(parseQuoteBlinds(stored).map((l) => l.photo_key)).toEqual([PHOTO, undefined, undefined]);
  });
});

describe('the order sends the photos and the chat', () => {
  it('each line its photo_key, the order its chat_session_id; the server schema accepts it', () => {
    const payload = buildOrderPayload(customer, [line({ id: 'a', photo_key: PHOTO, size_source: 'scan-a4' }), line({ id: 'b' })], CHAT);
    expect(payload.blinds.map((b) => b.photo_key)).toEqual([PHOTO, undefined]);
    expect('photo_key' in payload.blinds[1]!).toBe(false);
    expect(payload.chat_session_id).toBe(CHAT);
    const parsed = orderSubmitSchema.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.blinds[0]?.photo_key).toBe(PHOTO);
    expect(parsed.data?.chat_session_id).toBe(CHAT);
  });

  it('without a chat in this tab the order names none', () => {
    expect(buildOrderPayload(customer, [line()], null)).not.toHaveProperty('chat_session_id');
    expect(buildOrderPayload(customer, [line()])).not.toHaveProperty('chat_session_id');
  });

  it('the chat session is remembered once a message was sent, and only in the form the server accepts', () => {
    const tab = memoryStorage();
    expect(readChatSession(tab)).toBeNull();
    rememberChatSession('not-a-session', tab);
    expect(readChatSession(tab)).toBeNull();
    rememberChatSession(CHAT, tab);
    expect(readChatSession(tab)).toBe(CHAT);
    tab.setItem(STORAGE_KEYS.chatSession, 'session_1_<script>');
    expect(readChatSession(tab)).toBeNull();
  });
});
