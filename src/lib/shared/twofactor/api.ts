// Two-factor sign-in, sessions and the two-factor policy (docs/API.md, Two-factor sign-in): the answers and
// bodies the API and the portal share, and the policy's one rule (twoFactorRequired).
import { z } from 'zod';
import { roleRank, STAFF_ROLES, type Role } from '../permissions';
import { SECOND_FACTORS } from './factors';

export { MFA_ENROLMENT_REQUIRED, SECOND_FACTORS, type SecondFactor } from './factors';

const text = z.string();

/** Who must have two-factor sign-in: nobody, ADMIN and above, or every staff account. */
export const TWO_FACTOR_POLICIES = ['off', 'admins', 'staff'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export function twoFactorRequired(policy: TwoFactorPolicy, role: Role): boolean {
  if (policy === 'staff') return STAFF_ROLES.includes(role);
  if (policy === 'admins') return roleRank(role) >= roleRank('ADMIN');
  return false;
}

export const securitySettingsSchema = z.object({ require_two_factor: z.enum(TWO_FACTOR_POLICIES) });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** A TOTP code or a recovery code; its form is judged where it is checked, so every wrong code answers alike. */
export const codeSchema = z.object({ code: text.max(64) });

export const totpSetupSchema = z.object({
  secret: text.describe('Base32 (RFC 6238: SHA-1, 6 digits, 30 s)'),
  otpauth_url: text.describe('otpauth://totp/… for a QR code'),
});

export const recoveryCodesSchema = z.object({
  recovery_codes: z.array(text).describe('Ten single-use codes, shown once'),
});

export const passkeySchema = z.object({
  id: z.number().int(),
  name: text,
  createdAt: text,
  lastUsedAt: text.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  required: z.boolean().describe('The two-factor policy applies to this account'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const sessionSchema = z.object({
  id: text,
  device: text.describe('e.g. "Chrome on Android"'),
  address: text.nullable(),
  createdAt: text,
  lastUsedAt: text,
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * The first step's answer for an account with two-factor on. `methods` is there when the account has a passkey
 * (an account with only the authenticator app answers as it did before passkeys): the password was right, so
 * saying which factors it has leaks nothing.
 */
export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: text,
  methods: z.array(z.enum(SECOND_FACTORS)).optional().describe('The second factors the account has'),
});

export const mfaLoginSchema = z.object({ mfa_token: text.max(200), code: text.max(64) });
