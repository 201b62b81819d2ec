// A software WebAuthn authenticator for the API tests (tests/api/passkeys.test.ts, member-passkeys.test.ts): an
// ES256 key of node:crypto, attestation 'none', CBOR by the server library's own encoder; independent of the
// server's code that checks its answers.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

export const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const FLAG = { UP: 0x01, UV: 0x04, AT: 0x40 };

/** What the software authenticator reads of the server's options (PublicKeyCredential*OptionsJSON). */
export type CreationOptions = { challenge: string; rp: { id: string }; user: { id: string } };
export type RequestOptions = {
  challenge: string;
  rpId?: string;
  allowCredentials?: unknown[];
  userVerification?: string;
};

/** One passkey of a software authenticator: its key pair, id, user handle and signature counter. */
export class SoftPasskey {
  readonly id = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;
  userHandle = '';
  constructor() {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  /** The COSE form of the public key (EC2, ES256, P-256). */
  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** navigator.credentials.create()'s answer, as RegistrationResponseJSON. */
  register(options: CreationOptions, origin: string, { uv = true } = {}) {
    this.userHandle = options.user.id;
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG.UP | (uv ? FLAG.UV : 0) | FLAG.AT]),
      u32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([0, this.id.length]),
      this.id,
      this.coseKey(),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get()'s answer, as AuthenticationResponseJSON; the counter moves on unless told. */
  assert(
    options: RequestOptions,
    origin: string,
    { rpId = options.rpId ?? '', uv = true, counter = ++this.counter, signer = this.privateKey } = {},
  ) {
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG.UP | (uv ? FLAG.UV : 0)]), u32(counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), signer);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }
}
