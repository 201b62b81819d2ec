// The own two-factor sign-in, passkeys and sessions (docs/API.md, Two-factor sign-in and sessions).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../../../../lib/client/api-client';
import { isPromptClosed, PasskeyCancelled } from '../../../../lib/client/session';
import type { Passkey, Session, TwoFactorStatus } from '../../../../lib/shared/twofactor/api';
import type { FactorProof } from '../../../../lib/shared/twofactor/passkeys';

/**
 * While two-factor sign-in is on, every call that changes a factor carries proof of the one in force: the body
 * factorProofSchema reads (empty while none is in force), its passkey answer typed as the browser library makes it.
 */
export type ProofBody = Omit<FactorProof, 'passkey'> & {
  passkey?: { challenge_id: string; response: AuthenticationResponseJSON };
};

/** GET /auth/2fa/ */
export const readTwoFactor = () => api<TwoFactorStatus>('/auth/2fa/');

/** The browser's prompt (its WebAuthn code fetched on this first use); a closed prompt throws PasskeyCancelled. */
async function prompt<T>(ask: (webauthn: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  const webauthn = await import('@simplewebauthn/browser');
  try {
    return await ask(webauthn);
  } catch (error) {
    throw isPromptClosed(error) ? new PasskeyCancelled() : error;
  }
}

/** POST /auth/2fa/proof/options/, then one of the own passkeys answers it: a proof of the second factor. */
export async function passkeyProof(): Promise<ProofBody> {
  const { challenge_id, options } = await api<{
    challenge_id: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }>('/auth/2fa/proof/options/', { method: 'POST' });
  const response = await prompt((webauthn) => webauthn.startAuthentication({ optionsJSON: options }));
  return { passkey: { challenge_id, response } };
}

/** POST /auth/2fa/totp/setup/: a new secret, not in force until confirmed. */
export const setUpTotp = (proof: ProofBody) =>
  api<{ secret: string; otpauth_url: string }>('/auth/2fa/totp/setup/', { method: 'POST', body: proof });

/** POST /auth/2fa/totp/confirm/: two-factor on; the ten recovery codes, shown once. */
export const confirmTotp = (code: string) =>
  api<{ recovery_codes: string[] }>('/auth/2fa/totp/confirm/', { method: 'POST', body: { code: code.trim() } });

/** DELETE /auth/2fa/: the authenticator app off. */
export const turnOffTotp = (proof: ProofBody) => api<void>('/auth/2fa/', { method: 'DELETE', body: proof });

/** POST /auth/2fa/recovery-codes/: a fresh set replacing the old. */
export const newRecoveryCodes = (proof: ProofBody) =>
  api<{ recovery_codes: string[] }>('/auth/2fa/recovery-codes/', { method: 'POST', body: proof });

/** GET /auth/sessions/ */
export const readSessions = () => api<Session[]>('/auth/sessions/');

/** DELETE /auth/sessions/{id}/ */
export const endSession = (id: string) => api<void>(`/auth/sessions/${encodeURIComponent(id)}/`, { method: 'DELETE' });

/** POST /auth/sessions/others/revoke/ */
export const endOtherSessions = () => api<void>('/auth/sessions/others/revoke/', { method: 'POST' });

/**
 * Adds a passkey: the server's options (given the proof), the browser's prompt (navigator.credentials.create()),
 * then the answer under its name. A closed prompt throws PasskeyCancelled.
 */
export async function addPasskey(name: string, proof: ProofBody): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/auth/passkeys/options/', {
    method: 'POST',
    body: proof,
  });
  const response = await prompt((webauthn) => webauthn.startRegistration({ optionsJSON }));
  return api<Passkey>('/auth/passkeys/', { method: 'POST', body: { name: name.trim(), response } });
}

/** DELETE /auth/passkeys/{id}/ */
export const removePasskey = (id: number, proof: ProofBody) =>
  api<void>(`/auth/passkeys/${id}/`, { method: 'DELETE', body: proof });
