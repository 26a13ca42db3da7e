import { randomBytes } from 'node:crypto';

// Opaque ID bodies in the shape of the real service's (16 base58 characters after the prefix).
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${body}`;
}

/** ISO 8601, UTC, millisecond precision, as the spec's timestamps. */
export function now(): string {
  return new Date().toISOString();
}
