// Shared steps of the members' pages' end-to-end tests (/my): a throw-away member, the sign-in code read from the
// outbox row the server wrote for it (the very email the member would get; the e2e server has no SMTP), and the
// sign-in through the pages themselves, so every spec signs in as a member would, with or without JavaScript.
import { DatabaseSync } from 'node:sqlite';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createUser } from './portal-helpers';

export interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** A new MEMBER account (through the portal's API as the superadmin), so no spec changes another's data. */
export async function newMember(request: APIRequestContext): Promise<Member> {
  return (await createUser(request, { role: 'MEMBER' })) as unknown as Member;
}

/** The 6-digit code in the newest outbox message to `recipient` after `afterId` (polled: the row is written with the
 * request, but a slow machine may answer the page first). */
export async function codeSentTo(recipient: string, afterId = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`, { readOnly: true });
        try {
          db.exec('PRAGMA busy_timeout = 5000');
          const row = db
            .prepare('SELECT payload FROM outbox WHERE recipient = ? AND id > ? ORDER BY id DESC LIMIT 1')
            .get(recipient, afterId) as { payload: string } | undefined;
          found = row ? /\b(\d{6})\b/.exec(row.payload)?.[1] : undefined;
        } finally {
          db.close();
        }
        return found;
      },
      { message: `a code sent to ${recipient}` },
    )
    .toBeTruthy();
  return found!;
}

/** The id of the newest outbox row, so a later code is told from an earlier one. */
export function lastOutboxId(): number {
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`, { readOnly: true });
  try {
    return Number((db.prepare('SELECT MAX(id) AS id FROM outbox').get() as { id: number | null }).id ?? 0);
  } finally {
    db.close();
  }
}

/** Signs in on /my with the member's email and the code it was sent; ends on the overview. */
export async function signInToMy(page: Page, member: Member) {
  const before = lastOutboxId();
  await page.goto('/my');
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/my\/code\?/);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await codeSentTo(member.email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${member.first_name} ${member.last_name}` }),
  ).toBeVisible();
}

/** Both ways every /my spec runs: the pages must work and show the same without JavaScript. */
export const SCRIPT_MODES = [
  { name: 'with JavaScript', javaScriptEnabled: true },
  { name: 'without JavaScript', javaScriptEnabled: false },
] as const;
