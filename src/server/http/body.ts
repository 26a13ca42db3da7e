// Request bodies: bounded, parsed without letting a client touch object prototypes.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ERRORS } from '../../contract';
import { ServiceError, badRequest, invalid } from '../errors';

export const MAX_BODY_BYTES = 1024 * 1024;

const ACCEPTED_TYPES = new Set(['application/vnd.api+json', 'application/json']);

/** The client went away before its body arrived (server.ts answers nothing and logs nothing for it). */
function clientGone(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/**
 * The whole body, at most `limit` bytes (past it, `refusal`, the rest drained unread); `onChunk`
 * sees each chunk as it arrives. It settles however the request ends (issue 37): a body read only
 * after the client left (the handler waited for its caller's share of the pool first) gets no
 * further events, so a request already destroyed is refused at once, and one that closes before
 * its end is refused then; a promise left pending would hold the caller's share forever.
 */
function readBounded(req: IncomingMessage, limit: number, refusal: () => ServiceError, onChunk?: (chunk: Buffer) => void): Promise<Buffer> {
  if (req.destroyed && !req.readableEnded) return Promise.reject(clientGone());
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(refusal());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(refusal());
        return;
      }
      onChunk?.(chunk);
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    });
    req.on('close', () => {
      if (!failed && !req.readableEnded) {
        failed = true;
        reject(clientGone());
      }
    });
  });
}

/** A request document's bytes, at most `limit`. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return readBounded(req, limit, () => tooLarge(limit));
}

/**
 * Raw bytes (a state upload), streamed from the socket: the size is checked as bytes arrive and
 * the MD5 digest computed on the way, so the bytes are held whole once, at the end.
 */
export async function readRawBody(req: IncomingMessage, limit: number, refusal: () => ServiceError): Promise<{ bytes: Buffer; md5: string }> {
  const hash = createHash('md5');
  const bytes = await readBounded(req, limit, refusal, (chunk) => hash.update(chunk));
  return { bytes, md5: hash.digest('hex') };
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError(ERRORS.payloadTooLarge, `request bodies are limited to ${limit} bytes`);
}

/** Drops `__proto__` and `constructor` members so parsed input can never reach a prototype. */
function safeReviver(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' ? undefined : value;
}

// NUL cannot be stored in PostgreSQL text, so it is refused at the edge for both back ends alike.
const NUL = String.fromCharCode(0);

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes(NUL) || containsNul(v));
  return false;
}

export function parseJsonBody(req: IncomingMessage, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const contentType = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (contentType && !ACCEPTED_TYPES.has(contentType)) {
    throw new ServiceError(ERRORS.unsupportedMediaType, `send the body as application/vnd.api+json, not ${contentType}`);
  }
  const text = raw.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, safeReviver);
  } catch {
    throw badRequest('the request body is not valid JSON');
  }
  if (containsNul(parsed)) {
    throw invalid('strings in the request body must not contain NUL characters (\\u0000)');
  }
  return parsed;
}
