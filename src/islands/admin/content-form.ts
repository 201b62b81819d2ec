// What the sermon and event forms share: their first values, tags typed as one comma-separated line, who may do what
// (CONTENT_RULES through canManageContent) with the reason shown on a disabled button, and the failure text.
import { apiErrorInfo } from '../../lib/client/api-client';
import { toast } from '../ui/toast';
import type { ContentCollection } from '../../lib/shared/live/types';
import {
  canHandleVisitorData,
  canManageContent,
  CONTENT_RULES,
  ROLE_LABELS,
  VISITOR_RULES,
  type ContentAction,
  type Role,
  type VisitorAction,
  type VisitorCollection,
} from '../../lib/shared/permissions';

/** "faith, hope ,, love" -> ["faith", "hope", "love"]. */
export function tagsFromText(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export const tagsToText = (tags: readonly string[]) => tags.join(', ');

/** A form's first values: the item's where it has one (not null or undefined), the new form's `blank` elsewhere. */
export function startingValues<V extends object>(item: { [K in keyof V]?: V[K] | null } | null, blank: V): V {
  const values = { ...blank };
  for (const key of Object.keys(blank) as (keyof V)[]) values[key] = item?.[key] ?? blank[key];
  return values;
}

/** Why a button is off for this role, or null when the role may act. */
export function contentDenial(role: Role | null, collection: ContentCollection, action: ContentAction): string | null {
  if (role && canManageContent({ role }, collection, action)) return null;
  const what = { create: 'add', edit: 'edit', delete: 'delete' }[action];
  return `Only ${ROLE_LABELS[CONTENT_RULES[collection][action]]} and above can ${what} ${collection}`;
}

/** The same for what visitors send (VISITOR_RULES): `noun` names them, e.g. "messages". */
export function visitorDenial(
  role: Role | null,
  collection: VisitorCollection,
  action: VisitorAction,
  noun: string,
): string | null {
  if (role && canHandleVisitorData({ role }, collection, action)) return null;
  return `Only ${ROLE_LABELS[VISITOR_RULES[collection][action]]} and above can ${action} ${noun}`;
}

/** An add-or-edit dialog's title and submit label: "Edit Event" and "Save Changes", or "Create Event" twice. */
export function formLabels(editing: boolean, noun: string, newVerb = 'Create') {
  return editing
    ? { title: `Edit ${noun}`, submitLabel: 'Save Changes' }
    : { title: `${newVerb} ${noun}`, submitLabel: `Create ${noun}` };
}

/** Runs a screen's action; a failure is told in a toast (`doing`: e.g. 'delete the sermon'). */
export async function toastOnFailure(doing: string, task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (error) {
    toast(contentErrorMessage(doing, error), { variant: 'error' });
  }
}

/** A failed save or action: the server's detail when it sent one, else what went wrong. */
export function contentErrorMessage(doing: string, error: unknown): string {
  const info = apiErrorInfo(error);
  if (info.status === 400 && Object.keys(info.errors).length) return 'Please correct the errors below.';
  return `Failed to ${doing}. ${info.detail ?? info.message}`;
}
