// Passkeys' bodies and answers (docs/API.md, Two-factor sign-in): WebAuthn's JSON forms as the API reads them, and
// the options it sends for navigator.credentials. Apart from api.ts so the sign-in page's bundle, which needs none
// of them, does not carry them.
import { z } from 'zod';

const text = z.string();

// WebAuthn's JSON forms (RegistrationResponseJSON, AuthenticationResponseJSON): binary fields are base64url.
// Checked in shape here, so bad input is a 400 naming the field; what they prove is judged by the server library.
const base64url = text.max(16_384).regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url.');
const credential = {
  id: base64url.min(1).max(1_400),
  rawId: base64url.max(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(text, z.unknown()).default({}),
};

export const registrationResponseSchema = z.object({
  ...credential,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(text.max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credential,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const PASSKEY_NAME_MAX = 100;

export const passkeyRegisterSchema = z.object({
  name: text.trim().min(1, 'Give the passkey a name.').max(PASSKEY_NAME_MAX),
  response: registrationResponseSchema.describe('RegistrationResponseJSON of navigator.credentials.create()'),
});

/** The options navigator.credentials.create() or .get() takes, as JSON (PublicKeyCredential*OptionsJSON). */
export const passkeyOptionsSchema = z.looseObject({ challenge: text });

export const passkeyLoginOptionsSchema = z.object({ mfa_token: text.max(200).optional() });

export const passkeyChallengeSchema = z.object({
  challenge_id: text.describe('Sent back with the answer; five minutes, once'),
  options: passkeyOptionsSchema,
});

export const passkeyLoginSchema = z.object({
  challenge_id: text.max(200),
  response: authenticationResponseSchema.describe('AuthenticationResponseJSON of navigator.credentials.get()'),
  mfa_token: text.max(200).optional(),
});

/**
 * Proof of the second factor in force, asked before the factors themselves change (a new authenticator app,
 * turning it off, new recovery codes, adding or removing a passkey): a current TOTP code or an unused recovery
 * code, or a passkey's answer to a challenge of POST /auth/2fa/proof/options/. Without either: 403; a wrong one: 400.
 */
export const factorProofSchema = z.object({
  code: text.max(64).optional(),
  passkey: z
    .object({ challenge_id: text.max(200), response: authenticationResponseSchema })
    .optional()
    .describe("A passkey's answer to the proof challenge"),
});
export type FactorProof = z.infer<typeof factorProofSchema>;
export const FACTOR_PROOF_NEEDED =
  'Confirm it is you first: a code from your authenticator app, a recovery code, or one of your passkeys.';
