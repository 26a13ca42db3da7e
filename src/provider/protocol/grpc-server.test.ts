// The HTTP/2 gRPC server against grpc-js as an independent client: replies, statuses and messages,
// the request size limit, streams that stay open, and the hook that runs once a reply is out.
import * as grpc from '@grpc/grpc-js';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { encodeGrpcMessage, frame, GrpcError, GrpcServer, MethodDefinition, Status, unframe } from './grpc-server';

const text = (p: string, requestStream = false, responseStream = false): MethodDefinition<string, string> => ({
  path: p,
  requestStream,
  responseStream,
  requestSerialize: (v) => Buffer.from(v),
  requestDeserialize: (b) => b.toString(),
  responseSerialize: (v) => Buffer.from(v),
  responseDeserialize: (b) => b.toString(),
});

const Echo = text('/test.Svc/Echo');
const Fail = text('/test.Svc/Fail');
const Missing = text('/test.Svc/Missing');
const Watch = text('/test.Svc/Watch', false, true);
const Chat = text('/test.Svc/Chat', true, true);

let tmp: string;
let server: GrpcServer;
let client: grpc.Client;
let replied: string[];

function call(m: MethodDefinition<string, string>, req: string): Promise<string> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(m.path, m.requestSerialize, m.responseDeserialize, req, (err, res) => (err ? reject(err) : resolve(res!)));
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-grpc-'));
  replied = [];
  server = new GrpcServer(1024);
  server.unary(
    Echo,
    async (s) => `echo: ${s}`,
    () => replied.push('echo'),
  );
  server.unary(Fail, (s) => {
    if (s === 'status') throw new GrpcError(Status.INVALID_ARGUMENT, 'bad argument');
    throw new Error('broke: 100% ünïcode\nsecond line');
  });
  server.open(Watch as MethodDefinition<unknown, unknown>);
  server.open(Chat as MethodDefinition<unknown, unknown>);
  const socket = path.join(tmp, 'grpc.sock');
  await server.listen(socket);
  client = new grpc.Client(`unix:${socket}`, grpc.credentials.createInsecure());
});

afterAll(() => {
  client.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('GrpcServer', () => {
  it('answers unary calls, concurrently, and runs the after-reply hook once the reply is out', async () => {
    expect(await Promise.all([call(Echo, 'a'), call(Echo, 'b')])).toEqual(['echo: a', 'echo: b']);
    await new Promise((r) => setTimeout(r, 50));
    expect(replied).toEqual(['echo', 'echo']);
  });

  it('turns a thrown error into INTERNAL with its message intact, and keeps a GrpcError status', async () => {
    await expect(call(Fail, 'x')).rejects.toMatchObject({ code: grpc.status.INTERNAL, details: 'broke: 100% ünïcode\nsecond line' });
    await expect(call(Fail, 'status')).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: 'bad argument' });
  });

  it('answers UNIMPLEMENTED for a method it does not serve', async () => {
    await expect(call(Missing, 'x')).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
  });

  it('refuses a request larger than its limit with RESOURCE_EXHAUSTED, and keeps serving', async () => {
    await expect(call(Echo, 'x'.repeat(2000))).rejects.toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED });
    expect(await call(Echo, 'small')).toBe('echo: small');
  });

  it('keeps a stream open without sending anything until the client cancels it', async () => {
    const stream = client.makeServerStreamRequest(Watch.path, Watch.requestSerialize, Watch.responseDeserialize, '');
    const received: string[] = [];
    stream.on('data', (d: string) => received.push(d));
    const ended = new Promise<grpc.StatusObject>((resolve) => stream.on('status', resolve));
    stream.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));
    stream.cancel();
    expect((await ended).code).toBe(grpc.status.CANCELLED);
    expect(received).toEqual([]);
  });

  it('ends a bidi stream with OK when the client ends its side', async () => {
    const stream = client.makeBidiStreamRequest(Chat.path, Chat.requestSerialize, Chat.responseDeserialize);
    const ended = new Promise<grpc.StatusObject>((resolve) => stream.on('status', resolve));
    stream.on('data', () => undefined);
    stream.write('hello');
    stream.end();
    expect((await ended).code).toBe(grpc.status.OK);
  });
});

describe('message framing', () => {
  it('round-trips one length-prefixed message and refuses anything else', () => {
    const body = frame(Buffer.from('hello'));
    expect([...body.subarray(0, 5)]).toEqual([0, 0, 0, 0, 5]);
    expect(unframe(body).toString()).toBe('hello');
    expect(() => unframe(Buffer.from([0, 0, 0]))).toThrow(/no message/);
    expect(() => unframe(Buffer.concat([body, body]))).toThrow(/exactly one/);
    expect(() => unframe(Buffer.from([1, 0, 0, 0, 0]))).toThrow(/compressed/);
  });

  it('percent-encodes grpc-message outside printable ASCII, and % itself', () => {
    expect(encodeGrpcMessage('plain text')).toBe('plain text');
    expect(encodeGrpcMessage('50% ü\n')).toBe('50%25 %C3%BC%0A');
  });
});
