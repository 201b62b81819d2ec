// A refused form post, for a visitor without JavaScript: the messages and the way back. The browser's Back
// button returns to the form with what they typed still in it. app.ts's onError asks the request's FormPost.
import type { FormPost } from '../kernel/context';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function refusalPage(error: { detail: string; errors?: Record<string, string[]> }): string {
  const messages = Object.values(error.errors ?? {}).flat();
  const items = (messages.length ? messages : [error.detail]).map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Please check your form</title></head><body><main><h1>Please check your form</h1><ul>${items}</ul><p>Use your browser's Back button to return to the form: what you typed is still there.</p></main></body></html>`;
}

/** What a public form's request is marked with when it came as an HTML form post. */
export const HTML_FORM_POST: FormPost = { refusalPage };
