// The part of a gRPC server a Terraform provider needs, on node:http2: unary calls and streams that
// stay open. @grpc/grpc-js did this before: 60% of the provider's bundle, loaded at each of the
// 3–5 starts per Terraform command, for features we never use (compression, channelz, name
// resolution, keepalive policies, interceptors). Wire format, as the
// gRPC-over-HTTP/2 specification gives it: each message is a 1-byte compressed flag, a 4-byte
// big-endian length and the bytes; the status travels in the trailers (`grpc-status`,
// `grpc-message`), or in the headers alone when there is no reply ("trailers-only").
import type * as http2 from 'node:http2';
import type * as tlsTypes from 'node:tls';
import { fromPem } from '../../x509/der';

/** A method as both ends see it; the same shape as grpc-js's MethodDefinition, so tests can call it. */
export interface MethodDefinition<Req, Res> {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize: (value: Req) => Buffer;
  requestDeserialize: (bytes: Buffer) => Req;
  responseSerialize: (value: Res) => Buffer;
  responseDeserialize: (bytes: Buffer) => Res;
}

export const Status = { OK: 0, INVALID_ARGUMENT: 3, RESOURCE_EXHAUSTED: 8, UNIMPLEMENTED: 12, INTERNAL: 13 } as const;

export interface TlsIdentity {
  keyPem: string;
  certPem: string;
  /** The one client certificate (PEM) to trust and require. */
  clientCertPem: string;
}

type Route =
  | { kind: 'unary'; method: MethodDefinition<any, any>; handle: (request: any) => unknown; afterReply?: () => void }
  | { kind: 'open'; method: MethodDefinition<any, any> };

const RESPONSE_HEADERS = { ':status': 200, 'content-type': 'application/grpc' };

/** `grpc-message` is percent-encoded: bytes outside printable ASCII, and '%' itself. */
export function encodeGrpcMessage(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** One length-prefixed, uncompressed message. */
export function frame(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  message.copy(out, 5);
  return out;
}

/** The single message of a unary request body; throws a gRPC status when the body is not one. */
export function unframe(body: Buffer): Buffer {
  if (body.length < 5) throw new GrpcError(Status.INTERNAL, 'the request holds no message');
  if (body[0] !== 0) throw new GrpcError(Status.UNIMPLEMENTED, 'compressed messages are not supported');
  const length = body.readUInt32BE(1);
  if (body.length !== 5 + length) throw new GrpcError(Status.INTERNAL, 'a unary request must hold exactly one message');
  return body.subarray(5);
}

export class GrpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function presentsPinned(session: http2.ServerHttp2Session, pinned: Buffer[]): boolean {
  const presented = (session.socket as tlsTypes.TLSSocket).getPeerCertificate().raw;
  return !!presented && pinned.some((der) => der.equals(presented));
}

export class GrpcServer {
  private readonly routes = new Map<string, Route>();
  private readonly sessions = new Set<http2.ServerHttp2Session>();
  private server?: http2.Http2Server | http2.Http2SecureServer;

  constructor(
    /** Largest request message accepted (Terraform's own limit is 256 MiB). */
    private readonly maxMessageBytes: number,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  /**
   * Serves `method` with `handle`; a thrown error or rejection answers INTERNAL with its message.
   * Replies may leave fields out (the codecs write absent fields as their defaults).
   */
  unary<Req, Res>(method: MethodDefinition<Req, Res>, handle: (request: Req) => Partial<Res> | Promise<Partial<Res>>, afterReply?: () => void): void {
    this.routes.set(method.path, { kind: 'unary', method, handle, afterReply });
  }

  /** Accepts a stream and keeps it open without sending anything (a bidi one ends when the client ends). */
  open(method: MethodDefinition<unknown, unknown>): void {
    this.routes.set(method.path, { kind: 'open', method });
  }

  /** Listens on a unix socket, with mutual TLS when `tls` is given (plain HTTP/2 otherwise). */
  listen(socketPath: string, tls?: TlsIdentity): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const h2 = require('node:http2') as typeof http2;
    // Terraform sends whole states in one message: a larger stream window than HTTP/2's 64 KiB
    // default saves round trips of window updates.
    const settings = { initialWindowSize: 1 << 20 };
    // The client certificate is pinned rather than trusted as a CA: any `ca` makes Node build its
    // whole root certificate store for the context (~25 ms, most of the start-up over bare node),
    // and an empty one builds nothing. OpenSSL still checks that the client holds the
    // certificate's key (CertificateVerify); the session is kept only for exactly this certificate.
    const pinned = tls ? fromPem('CERTIFICATE', tls.clientCertPem) : undefined;
    const server = tls
      ? h2.createSecureServer({
          key: tls.keyPem,
          cert: tls.certPem,
          ca: [],
          requestCert: true,
          rejectUnauthorized: false,
          minVersion: 'TLSv1.2',
          settings,
        })
      : h2.createServer({ settings });
    this.server = server;
    server.on('session', (session: http2.ServerHttp2Session) => {
      // Emitted before the session reads anything, so an unpinned client never reaches a route.
      if (pinned && !presentsPinned(session, pinned)) {
        this.onError('TLS client refused: it did not present the certificate Terraform announced');
        session.destroy();
        return;
      }
      this.sessions.add(session);
      session.on('close', () => this.sessions.delete(session));
      session.on('error', (err) => this.onError(`gRPC connection: ${err.message}`));
    });
    server.on('stream', (stream, headers) => this.dispatch(stream, headers));
    server.on('tlsClientError', (err: Error) => this.onError(`TLS handshake refused: ${err.message}`));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        server.on('error', (err) => this.onError(`gRPC server: ${err.message}`));
        resolve();
      });
    });
  }

  /** Stops listening and drops every connection at once. */
  close(): void {
    this.server?.close();
    for (const session of this.sessions) session.destroy();
    this.sessions.clear();
  }

  private dispatch(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    stream.on('error', (err) => this.onError(`gRPC stream: ${err.message}`));
    const contentType = headers['content-type'] ?? '';
    if (!contentType.startsWith('application/grpc')) {
      stream.respond({ ':status': 415 }, { endStream: true });
      return;
    }
    const route = this.routes.get(String(headers[':path']));
    if (!route) return this.fail(stream, new GrpcError(Status.UNIMPLEMENTED, `unknown method ${String(headers[':path'])}`));
    if (route.kind === 'open') {
      stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': String(Status.OK) }));
      stream.on('data', () => undefined);
      // A client-streaming call is over when the client ends its side; a server-streaming one
      // (the client sends its one request and half-closes at once) stays open until cancelled.
      if (route.method.requestStream) {
        stream.on('end', () => {
          if (!stream.closed) stream.end();
        });
      }
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    stream.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > this.maxMessageBytes + 5) {
        refused = true;
        chunks.length = 0;
        this.fail(stream, new GrpcError(Status.RESOURCE_EXHAUSTED, `the request is larger than ${this.maxMessageBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (!refused) void this.answer(stream, route, Buffer.concat(chunks, size));
    });
  }

  private async answer(stream: http2.ServerHttp2Stream, route: Extract<Route, { kind: 'unary' }>, body: Buffer): Promise<void> {
    let reply: Buffer;
    try {
      const request = route.method.requestDeserialize(unframe(body));
      reply = route.method.responseSerialize(await route.handle(request));
    } catch (err) {
      return this.fail(stream, err instanceof GrpcError ? err : new GrpcError(Status.INTERNAL, err instanceof Error ? err.message : String(err)));
    }
    if (stream.destroyed || stream.closed) return; // the client cancelled meanwhile
    if (route.afterReply) stream.once('close', route.afterReply);
    stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': String(Status.OK) }));
    stream.end(frame(reply));
  }

  private fail(stream: http2.ServerHttp2Stream, err: GrpcError): void {
    if (stream.destroyed || stream.closed || stream.headersSent) return;
    stream.respond({ ...RESPONSE_HEADERS, 'grpc-status': String(err.code), 'grpc-message': encodeGrpcMessage(err.message) }, { endStream: true });
  }
}
