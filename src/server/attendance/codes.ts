// The day's check-in code of a service (docs/API.md, Services and attendance): shown at church as a QR code whose
// link opens /my/checkin. It is an HMAC of the service and the day under a key derived from the server's secret,
// so it changes every day, differs between services, needs nothing stored, and nobody can work out tomorrow's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHECKIN_PAGE, dayOfMs, type CheckinCode } from '../../lib/shared/attendance/api';
import type { AppDeps } from '../kernel/context';

/** 8 characters of base32 without look-alikes: short enough to type if the camera fails. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function checkinCode(secret: Uint8Array, serviceId: number, date: string): string {
  // A key of its own, so a code never doubles as anything signed with the secret itself.
  const key = createHmac('sha256', secret).update('service check-in codes').digest();
  const mac = createHmac('sha256', key).update(`${serviceId}:${date}`).digest();
  return [...mac.subarray(0, 8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Whether a code is today's code of the service (compared in constant time, case and spaces forgiven). */
export function isTodaysCode(deps: AppDeps, serviceId: number, code: string): boolean {
  const want = Buffer.from(checkinCode(deps.config.jwtSecret, serviceId, dayOfMs(deps.now())));
  const got = Buffer.from(code.replace(/\s+/g, '').toUpperCase());
  return got.length === want.length && timingSafeEqual(got, want);
}

export async function todaysCode(deps: AppDeps, serviceId: number): Promise<CheckinCode> {
  const date = dayOfMs(deps.now());
  const code = checkinCode(deps.config.jwtSecret, serviceId, date);
  const url = `${deps.config.siteUrl}${CHECKIN_PAGE}?service=${serviceId}&code=${code}`;
  // Loaded when a code is first shown, not at start (with its PNG encoder, 135 KB of code).
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { code, url, qrSvg, date };
}
