// A software WebAuthn authenticator for worker tests: a P-256 key in WebCrypto that answers
// registration (attestation 'none') and sign-in the way a browser reports them (WebAuthn Level 3
// JSON: base64url fields), byte for byte as the specification lays out authenticator data
// (https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data) and the CBOR of CTAP2.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  throw new Error('too long for this test encoder');
}

/** The CBOR subset authenticators send: small integers, byte and text strings, maps. */
export function cbor(value: Cbor): Uint8Array {
  const out: number[] = [];
  const put = (v: Cbor) => {
    if (typeof v === 'number') out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
    else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      out.push(...head(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) out.push(...head(2, v.length), ...v);
    else {
      out.push(...head(5, v.size));
      for (const [k, item] of v) {
        put(k);
        put(item);
      }
    }
  };
  put(value);
  return new Uint8Array(out);
}

export function b64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text: string): Uint8Array {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** WebCrypto signs ECDSA as r||s; WebAuthn carries the ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftAuthenticatorOptions {
  /** The origin the browser would report (default the test worker's). */
  origin?: string;
  rpId?: string;
  /** false: the device did not verify its user (no PIN or fingerprint asked). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  private counter = 0;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array): Promise<Uint8Array> {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, this.counter);
    return concat(await sha256(new TextEncoder().encode(rpId)), new Uint8Array([flags]), count, attested ?? new Uint8Array());
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to navigator.credentials.create() with these options. */
  async register(options: { challenge: string; rp: { id?: string } }, opts: SoftAuthenticatorOptions = {}) {
    const rpId = opts.rpId ?? options.rp.id!;
    const jwk = (await crypto.subtle.exportKey('jwk', this.keys.publicKey)) as JsonWebKey;
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64url(jwk.x!)],
        [-3, fromB64url(jwk.y!)],
      ]),
    );
    const idLength = new Uint8Array([0, this.credentialId.length]);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, coseKey);
    const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = await this.authData(rpId, flags, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.answer({
      clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin ?? 'https://shop.test')),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The browser's answer to navigator.credentials.get() with these options. */
  async signIn(options: { challenge: string; rpId?: string }, opts: SoftAuthenticatorOptions = {}) {
    this.counter += 1;
    const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = await this.authData(opts.rpId ?? options.rpId!, flags);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin ?? 'https://shop.test');
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return this.answer({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(derSignature(raw)),
    });
  }

  /** A PublicKeyCredential as its toJSON() gives it. */
  private answer<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }
}
