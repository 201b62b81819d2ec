// One JSON POST to an SMS provider, with the outbox's rule for failures: a 4xx is the provider refusing this
// message (SendRefused: failed at once, never retried), anything else that goes wrong (no connection, no answer
// in time, a 5xx) is a plain Error, which the outbox tries again later.
import { SendRefused } from '../kernel/ports';

/** Longer than any provider takes to answer, shorter than the outbox's claim on a row. */
export const SMS_TIMEOUT_MS = 10_000;

/** 408 and 429 are 4xx but say "not now" (a slow request, a rate limit), not "never": they are retried. */
const RETRYABLE_4XX = new Set([408, 429]);

export async function postJson(
  name: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new Error(`${name} did not answer: ${reason(err, timeoutMs)}`, { cause: err });
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new Error(`${name} answer ${res.status} was cut off: ${reason(err, timeoutMs)}`, { cause: err });
  }
  const answer = parse(text);
  if (res.status >= 400 && res.status < 500 && !RETRYABLE_4XX.has(res.status)) {
    throw new SendRefused(
      `${name} refused it (${res.status}): ${message(answer) ?? (text.slice(0, 200) || res.statusText)}`,
    );
  }
  if (!res.ok)
    throw new Error(`${name} answered ${res.status}: ${message(answer) ?? (text.slice(0, 200) || res.statusText)}`);
  if (!answer) throw new Error(`${name} answered ${res.status} without JSON: ${text.slice(0, 200)}`);
  return answer;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The provider's own words: Arkesel's `message`, Hubtel's `message` or `statusDescription`. */
export function message(answer: Record<string, unknown> | undefined): string | undefined {
  const text = answer?.message ?? answer?.statusDescription ?? answer?.Message;
  return typeof text === 'string' && text ? text : undefined;
}

function reason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? String((err as Error)?.message ?? err);
}
