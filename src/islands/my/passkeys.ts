// The browser side of the members' passkeys (/my): sign in with one, add one. The only script of the /my pages
// beside the site header's, and only on the two pages that show a passkey button; the WebAuthn library
// (@simplewebauthn/browser) is fetched on the first click. No import of the shared schemas: the calls' addresses
// come from the page (data attributes filled from MEMBER_PASSKEY_CALLS), so zod never reaches the browser.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** Whether this browser can use passkeys at all (the buttons are shown only then). */
export const passkeysSupported = () => typeof window.PublicKeyCredential === 'function';

/** The person closed the browser's passkey prompt (or it timed out): nothing to report as a failure. */
export const isPromptClosed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

const FAILED = 'Something went wrong. Please try again.';

/** A JSON post to the member API with the page's cookie; a refusal throws the API's own detail. */
async function post<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const detail = (answer as { detail?: unknown } | undefined)?.detail;
    throw new Error(typeof detail === 'string' ? detail : FAILED);
  }
  return answer as T;
}

export interface SignInCalls {
  options: string;
  signIn: string;
}

/** Signs in with a passkey of this device (no email asked): the API sets the member cookie. */
export async function signInWithPasskey(calls: SignInCalls): Promise<void> {
  const { challenge_id, options } = await post<{ challenge_id: string; options: unknown }>(calls.options);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  await post(calls.signIn, { challenge_id, response });
}

export interface AddCalls {
  options: string;
  add: string;
}

/** Makes a passkey on this device and adds it to the account under the name given. */
export async function addPasskey(calls: AddCalls, name: string): Promise<void> {
  const options = await post<PublicKeyCredentialCreationOptionsJSON>(calls.options);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options });
  await post(calls.add, { name, response });
}

/** Shows an error in the element (a role="alert" paragraph), or clears it. */
export function say(element: HTMLElement | null, error?: unknown) {
  if (!element) return;
  element.textContent =
    error === undefined || isPromptClosed(error) ? '' : error instanceof Error ? error.message : FAILED;
  element.hidden = !element.textContent;
}
