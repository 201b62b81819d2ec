// What the sign-in form needs of two-factor sign-in, without zod: /login loads this at once, and zod (about 24 KB
// compressed) only belongs to the portal, after sign-in (docs/ARCHITECTURE.md, Why (g)). api.ts re-exports it.

/** The 403 every other call answers while an account under the policy has not enrolled. */
export const MFA_ENROLMENT_REQUIRED = {
  detail: 'Set up two-factor sign-in to continue.',
  code: 'mfa_enrolment_required',
} as const;

/** The second factors an account may have: the authenticator app (its codes, or a recovery code) and passkeys. */
export const SECOND_FACTORS = ['totp', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];
