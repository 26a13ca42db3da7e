// The provider as a child process, the way Terraform starts it: cookie and version checks, the one
// handshake line, mutual TLS, services, StopProvider during an apply, and Shutdown.
import * as grpc from '@grpc/grpc-js';
import { ChildProcess, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createServerCertificate, toPem } from './cert';
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from './handshake';
import { controllerService, healthService, providerService } from './services';
import { impliedType } from './schema';
import { fakeProvider } from './testing/fake-provider';
import { buildFakeProvider } from './testing/build-fake';
import { decodeMsgpack, encodeMsgpack, ObjectValue } from './values';

jest.setTimeout(60_000);

let tmp: string;
let exe: string;
const clientCert = createServerCertificate(); // plays Terraform's client certificate
const children: ChildProcess[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-handshake-'));
  exe = await buildFakeProvider(path.join(tmp, 'mirror'));
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  firstLine: Promise<string>;
  exited: Promise<number | null>;
}

function start(env: NodeJS.ProcessEnv): Started {
  const child = spawn(exe, [], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', () => reject(new Error(`exited before handshake: ${err}`)));
  });
  firstLine.catch(() => undefined);
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  // 'close', not 'exit': the output pipes may still hold unread data when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, firstLine, exited };
}

function terraformEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: '5,6',
    PLUGIN_CLIENT_CERT: clientCert.certPem,
    PLUGIN_UNIX_SOCKET_DIR: tmp,
    FAKE_PROVIDER_STORE: path.join(tmp, 'store'),
    ...extra,
  };
}

const LINE = /^1\|6\|unix\|([^|]+)\|grpc\|([A-Za-z0-9+/]*)$/;

function call<Req, Res>(client: grpc.Client, m: grpc.MethodDefinition<Req, Res>, req: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(m.path, m.requestSerialize, m.responseDeserialize, req, (err, res) => (err ? reject(err) : resolve(res!)));
  });
}

/** `identity` null: a client that presents no certificate at all. */
function tlsClient(socket: string, serverDerB64: string, identity: typeof clientCert | null = clientCert): grpc.Client {
  const serverPem = toPem('CERTIFICATE', Buffer.from(serverDerB64, 'base64'));
  const creds = identity
    ? grpc.credentials.createSsl(Buffer.from(serverPem), Buffer.from(identity.keyPem), Buffer.from(identity.certPem))
    : grpc.credentials.createSsl(Buffer.from(serverPem));
  return new grpc.Client(`unix:${socket}`, creds, { 'grpc.ssl_target_name_override': 'localhost' });
}

describe('start-up checks', () => {
  it('without the magic cookie: says it is a plugin on stderr and exits 1', async () => {
    const p = start({});
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toMatch(/plugin/i);
    expect(p.stderr()).toMatch(/Terraform/);
    expect(p.stdout()).toBe('');
  });

  it('with a wrong cookie: exits 1', async () => {
    const p = start({ [MAGIC_COOKIE_KEY]: 'nope' });
    expect(await p.exited).toBe(1);
  });

  it('when Terraform does not accept protocol 6: exits 1 and says why', async () => {
    const p = start(terraformEnv({ PLUGIN_PROTOCOL_VERSIONS: '5' }));
    expect(await p.exited).toBe(1);
    expect(p.stderr()).toMatch(/protocol 6/);
  });
});

describe('handshake with mutual TLS', () => {
  it('prints one line, serves the provider to the trusted client only, stops an apply, and shuts down', async () => {
    const p = start(terraformEnv());
    const line = await p.firstLine;
    const m = LINE.exec(line);
    expect(m).not.toBeNull();
    const [, socket, certB64] = m!;
    expect(path.dirname(socket)).toBe(tmp);
    expect(certB64).not.toContain('='); // base64 without padding, as go-plugin reads it
    const x = new crypto.X509Certificate(Buffer.from(certB64, 'base64'));
    expect(x.subjectAltName).toBe('DNS:localhost');

    // The trusted client gets the schema.
    const client = tlsClient(socket, certB64);
    const schema = await call(client, providerService.GetProviderSchema, {});
    expect(Object.keys(schema.resourceSchemas)).toEqual(['cdkws_fake', 'cdkws_fake_secret']);
    expect(Object.keys(schema.dataSourceSchemas)).toEqual(['cdkws_fake_echo']);

    // A client with another certificate is refused.
    const stranger = tlsClient(socket, certB64, createServerCertificate());
    await expect(call(stranger, providerService.GetProviderSchema, {})).rejects.toThrow();
    stranger.close();
    // So is one that presents no certificate.
    const anonymous = tlsClient(socket, certB64, null);
    await expect(call(anonymous, providerService.GetProviderSchema, {})).rejects.toThrow();
    anonymous.close();
    // And the trusted client is still served.
    expect(Object.keys((await call(client, providerService.GetProviderSchema, {})).resourceSchemas)).toEqual(['cdkws_fake', 'cdkws_fake_secret']);

    // SIGINT (Ctrl-C to the process group) is ignored.
    p.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 100));
    expect(p.child.exitCode).toBeNull();

    // A long apply is answered early once StopProvider arrives: handlers are asynchronous.
    const type = impliedType(fakeProvider.resources!.cdkws_fake.schema);
    await call(client, providerService.ConfigureProvider, {
      terraformVersion: '1.11.4',
      config: { msgpack: encodeMsgpack(impliedType(fakeProvider.schema), { store: null }), json: new Uint8Array(0) },
    });
    const planned: ObjectValue = { id: null, name: 'slow', sleep_ms: 30_000, description: null, revision: null };
    const t0 = Date.now();
    const apply = call(client, providerService.ApplyResourceChange, {
      typeName: 'cdkws_fake',
      priorState: { msgpack: encodeMsgpack(type, null), json: new Uint8Array(0) },
      plannedState: { msgpack: encodeMsgpack(type, planned), json: new Uint8Array(0) },
      config: { msgpack: encodeMsgpack(type, planned), json: new Uint8Array(0) },
      plannedPrivate: new Uint8Array(0),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await call(client, providerService.StopProvider, {})).toEqual({ error: '' });
    const applied = await apply;
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(applied.diagnostics.map((d) => d.summary)).toEqual(['Interrupted']);
    expect(decodeMsgpack(type, applied.newState!.msgpack)).toBeNull();

    // Shutdown is answered, then the process exits 0 and removes its socket.
    await call(client, controllerService.Shutdown, {});
    expect(await p.exited).toBe(0);
    expect(fs.existsSync(socket)).toBe(false);
    expect(p.stdout()).toBe(`${line}\n`);
    client.close();
  });
});

describe('handshake without TLS', () => {
  it('leaves the certificate field empty and serves in plain text', async () => {
    const p = start(terraformEnv({ TF_DISABLE_PLUGIN_TLS: '1' }));
    const line = await p.firstLine;
    const m = LINE.exec(line);
    expect(m).not.toBeNull();
    expect(m![2]).toBe('');
    const client = new grpc.Client(`unix:${m![1]}`, grpc.credentials.createInsecure());
    const meta = await call(client, providerService.GetMetadata, {});
    expect(meta.resources).toEqual([{ typeName: 'cdkws_fake' }, { typeName: 'cdkws_fake_secret' }]);
    const health = await call(client, healthService.Check, { service: 'plugin' });
    expect(health.status).toBe(1);
    await call(client, controllerService.Shutdown, {});
    expect(await p.exited).toBe(0);
    client.close();
  });
});
