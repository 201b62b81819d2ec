// The own two-factor sign-in and sessions (docs/API.md, Two-factor sign-in and sessions).
import { api } from '../../../../lib/client/api-client';
import type { Session, TwoFactorStatus } from '../../../../lib/shared/twofactor/api';

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
