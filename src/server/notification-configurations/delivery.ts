// One delivery attempt to a generic webhook: a POST of the JSON body, signed with the
// configuration's token (the hosted service's X-TFE-Notification-Signature: the HMAC-SHA512 of the
// body, hex), carrying the idempotency key that is the same on every attempt of one delivery. A
// redirect is a failed attempt, never followed: only the configured URL is ever called.
import { createHmac } from 'node:crypto';
import { NOTIFICATION_IDEMPOTENCY_HEADER, NOTIFICATION_SIGNATURE_HEADER } from '../../contract';
import { now } from '../ids';

/** How much of a response body is kept in the delivery responses. */
const RESPONSE_BODY_KEPT = 1024;

export interface DeliveryOutcome {
  status: number | null;
  ok: boolean;
  error: string | null;
  headers: Record<string, string[]>;
  body: string;
  at: string;
}

/** The signature a receiver recomputes with the token it was given: HMAC-SHA512 of the body, hex. */
export function notificationSignature(body: string, token: string): string {
  return createHmac('sha512', token).update(body, 'utf8').digest('hex');
}

export async function postNotification(
  url: string,
  body: string,
  options: { token: string | null; idempotencyKey: string; signal: AbortSignal; timeoutMs: number },
): Promise<DeliveryOutcome> {
  const at = now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'cdkws-notifications',
    [NOTIFICATION_IDEMPOTENCY_HEADER]: options.idempotencyKey,
  };
  if (options.token) headers[NOTIFICATION_SIGNATURE_HEADER] = notificationSignature(body, options.token);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
    const text = await readSome(response);
    const answered: Record<string, string[]> = {};
    response.headers.forEach((value, name) => (answered[name] = [value]));
    return { status: response.status, ok: response.ok, error: response.ok ? null : `HTTP ${response.status}`, headers: answered, body: text, at };
  } catch (error) {
    return { status: null, ok: false, error: (error as Error).message || 'delivery failed', headers: {}, body: '', at };
  }
}

/** The start of the body (a receiver's answer is kept for people to read, not whole). */
async function readSome(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BODY_KEPT) {
      const chunk: { done: boolean; value?: Uint8Array } = await reader.read();
      if (chunk.done || !chunk.value) break;
      const value = chunk.value;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut short is kept as far as it came.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BODY_KEPT).toString('utf8');
}

/** Where a URL points, for log lines: its origin only (a webhook's path may hold a secret). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(an invalid URL)';
  }
}
