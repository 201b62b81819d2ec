// The own two-factor sign-in, passkeys and sessions (docs/API.md, Two-factor sign-in and sessions).
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../../../lib/client/api-client';
import { isPromptClosed, PasskeyCancelled } from '../../../../lib/client/session';
import type { Passkey, Session, TwoFactorStatus } from '../../../../lib/shared/twofactor/api';

/** GET /auth/2fa/ */
export const readTwoFactor = () => api<TwoFactorStatus>('/auth/2fa/');

/** POST /auth/2fa/totp/setup/: a new secret, not in force until confirmed. */
export const setUpTotp = () =>
  api<{ secret: string; otpauth_url: string }>('/auth/2fa/totp/setup/', { method: 'POST' });

/** POST /auth/2fa/totp/confirm/: two-factor on; the ten recovery codes, shown once. */
export const confirmTotp = (code: string) =>
  api<{ recovery_codes: string[] }>('/auth/2fa/totp/confirm/', { method: 'POST', body: { code: code.trim() } });

/** DELETE /auth/2fa/ with a current code: the authenticator app off. */
export const turnOffTotp = (code: string) => api<void>('/auth/2fa/', { method: 'DELETE', body: { code: code.trim() } });

/** POST /auth/2fa/recovery-codes/ with a current code: a fresh set replacing the old. */
export const newRecoveryCodes = (code: string) =>
  api<{ recovery_codes: string[] }>('/auth/2fa/recovery-codes/', { method: 'POST', body: { code: code.trim() } });

/** GET /auth/sessions/ */
export const readSessions = () => api<Session[]>('/auth/sessions/');

/** DELETE /auth/sessions/{id}/ */
export const endSession = (id: string) => api<void>(`/auth/sessions/${encodeURIComponent(id)}/`, { method: 'DELETE' });

/** POST /auth/sessions/others/revoke/ */
export const endOtherSessions = () => api<void>('/auth/sessions/others/revoke/', { method: 'POST' });

/**
 * Adds a passkey: the server's options, the browser's prompt (navigator.credentials.create(), through
 * @simplewebauthn/browser, fetched on this first use), then the answer under its name. A closed prompt throws
 * PasskeyCancelled.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/auth/passkeys/options/', {
    method: 'POST',
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw isPromptClosed(error) ? new PasskeyCancelled() : error;
  }
  return api<Passkey>('/auth/passkeys/', { method: 'POST', body: { name: name.trim(), response } });
}

/** DELETE /auth/passkeys/{id}/ */
export const removePasskey = (id: number) => api<void>(`/auth/passkeys/${id}/`, { method: 'DELETE' });
