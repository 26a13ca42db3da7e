// go-plugin's start-up contract, as Terraform drives it: check the magic cookie and protocol
// version, serve gRPC on a unix socket with mutual TLS, announce it in exactly one stdout line, and
// keep stdout clean afterwards. Start-up time matters (Terraform starts the provider 3–5 times per
// command), so HTTP/2 is loaded only once the environment checks have passed.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createServerCertificate } from './cert';
import { GrpcServer, TlsIdentity } from './grpc-server';

export const MAGIC_COOKIE_KEY = 'TF_PLUGIN_MAGIC_COOKIE';
export const MAGIC_COOKIE_VALUE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2';
export const CORE_PROTOCOL_VERSION = 1;
/**
 * Set by a parent that starts the provider for Terraform to reattach to (cdkws): the provider
 * exits when its stdin closes, so it never outlives that parent, however the parent ends.
 */
export const EXIT_WITH_PARENT_ENV = 'CDKWS_PROVIDER_EXIT_WITH_PARENT';
/** Set by the provider's launcher: the folder of its files (a snapshot may come from another copy). */
export const PROVIDER_DIR_ENV = 'CDKWS_PROVIDER_BUNDLE_DIR';
export const APP_PROTOCOL_VERSION = 6;

export type EnvCheck = { ok: true; tls: boolean } | { ok: false; message: string };

/** Decides whether we were started by Terraform and how to talk to it. */
export function checkEnvironment(env: NodeJS.ProcessEnv): EnvCheck {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    return {
      ok: false,
      message:
        'This binary is a plugin. These are not meant to be executed directly.\n' +
        'It is a Terraform provider: Terraform runs it; to use it, declare it in your configuration and run `terraform init`.\n',
    };
  }
  const versions = env.PLUGIN_PROTOCOL_VERSIONS;
  if (
    versions &&
    !versions
      .split(',')
      .map((v) => v.trim())
      .includes(String(APP_PROTOCOL_VERSION))
  ) {
    return {
      ok: false,
      message: `This provider speaks plugin protocol ${APP_PROTOCOL_VERSION}, but the caller accepts only ${versions}. Use Terraform 1.0 or newer.\n`,
    };
  }
  const tls = !env.TF_DISABLE_PLUGIN_TLS && !!env.PLUGIN_CLIENT_CERT;
  return { ok: true, tls };
}

/** Writes a log line go-plugin understands (hclog JSON), so Terraform files it under TF_LOG. */
export function log(level: 'trace' | 'debug' | 'info' | 'warn' | 'error', message: string, fields: object = {}): void {
  const line = JSON.stringify({ '@level': level, '@message': message, '@timestamp': new Date().toISOString(), ...fields });
  try {
    fs.writeSync(2, line + '\n');
  } catch {
    // stderr gone: nothing sensible left to do with a log line
  }
}

/** After the handshake line, anything aimed at stdout would corrupt go-plugin's view: send it to stderr. */
function divertStdout(): void {
  const toStderr = (...args: unknown[]) => process.stderr.write(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\n');
  console.log = console.info = console.debug = toStderr;
  const write: typeof process.stdout.write = process.stderr.write.bind(process.stderr);
  process.stdout.write = write;
}

export interface PluginHandle {
  server: GrpcServer;
  /** The handshake line as printed (without newline). */
  line: string;
  socketPath: string;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Called when the environment is not Terraform's; default prints the message and exits 1. */
  onRejected?: (message: string) => never;
  /** Called after GRPCController/Shutdown was answered; default exits the process. */
  onShutdown?: () => void;
}

/**
 * Runs the go-plugin handshake: `register` adds the services to the server before it listens.
 * Resolves once the handshake line is out.
 */
export async function startPlugin(register: (server: GrpcServer, shutdown: () => void) => void, opts: StartOptions = {}): Promise<PluginHandle> {
  const env = opts.env ?? process.env;
  const check = checkEnvironment(env);
  if (!check.ok) {
    if (opts.onRejected) opts.onRejected(check.message);
    process.stderr.write(check.message);
    process.exit(1);
  }
  // Ctrl-C reaches the whole process group; Terraform then sends StopProvider and Shutdown itself.
  process.on('SIGINT', () => log('debug', 'ignoring SIGINT: waiting for Terraform to stop the provider'));

  // Terraform sends whole states and schemas in one message; its own limit is 256 MiB.
  const server = new GrpcServer(256 << 20, (message) => log('debug', message));
  let tls: TlsIdentity | undefined;
  let certField = '';
  if (check.tls) {
    // A fresh key and certificate for every start: Terraform pins the one in the handshake line.
    const cert = createServerCertificate();
    tls = { keyPem: cert.keyPem, certPem: cert.certPem, clientCertPem: env.PLUGIN_CLIENT_CERT! };
    certField = cert.der.toString('base64').replace(/=+$/, '');
  }

  const dir = env.PLUGIN_UNIX_SOCKET_DIR || os.tmpdir();
  const socketPath = path.join(dir, `plugin${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  let shuttingDown = false;
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    if (opts.onShutdown) return opts.onShutdown();
    // Called once the Shutdown reply is out; Terraform waits for the process to exit.
    setImmediate(() => {
      server.close();
      fs.rmSync(socketPath, { force: true });
      process.exit(0);
    });
  };
  register(server, shutdown);

  await server.listen(socketPath, tls);
  process.on('exit', () => fs.rmSync(socketPath, { force: true }));
  if (env[EXIT_WITH_PARENT_ENV] === '1') {
    // The parent made the socket's folder for this process alone; it may be gone before it cleans up.
    process.on('exit', () => {
      try {
        fs.rmdirSync(dir); // only when empty
      } catch {
        // not empty, or already removed by the parent
      }
    });
    process.stdin.on('end', () => process.exit(0));
    process.stdin.on('error', () => process.exit(0));
    process.stdin.resume();
  }

  const line = `${CORE_PROTOCOL_VERSION}|${APP_PROTOCOL_VERSION}|unix|${socketPath}|grpc|${certField}`;
  fs.writeSync(1, line + '\n');
  divertStdout();
  return { server, line, socketPath };
}
