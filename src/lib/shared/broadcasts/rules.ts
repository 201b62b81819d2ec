// Send Notifications: an email or an SMS (or both) from the staff to a group of members. The field rules, the
// groups and the email's and the SMS's text, zod-free so the compose dialog uses them (its constraints and its
// preview) without loading zod.
import type { Role } from '../permissions';

export const broadcastFieldRules = {
  subject: { required: true, minLength: 3, maxLength: 150 },
  message: { required: true, minLength: 10, maxLength: 5000 },
} as const;

/** Who receives it: every member, those of one role, or those of one ministry. */
export type Audience =
  | { group: 'all' }
  | { group: 'role'; role: Role }
  | { group: 'ministry'; ministry: number }
  /** Chosen people (the absentees: attendance/absentees.ts); never taken from POST /broadcasts/'s body. */
  | { group: 'people'; people: number[] };

/** The email's text: the message, then who sent it and how to stop these emails (the dialog previews exactly this). */
export function broadcastText(message: string, senderName: string): string {
  return (
    `${message.trim()}\n\n-- \n` +
    `Sent by ${senderName} through the church's staff portal.\n` +
    'You receive this because email notifications are on in your profile; turn them off there to stop these emails.\n'
  );
}

/**
 * The SMS's text: the message alone (the sender id names the church, and every extra word costs a part; the dialog
 * counts the parts of exactly this with smsLength).
 */
export function broadcastSmsText(message: string): string {
  return message.trim();
}
