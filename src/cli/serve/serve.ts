// `cdkws serve` (architecture "Starting the service").
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../../server';
import { BootstrapError } from '../../server/bootstrap';
import { OwnerOnlyError, ensureDataDirectory } from '../../server/owner-only';
import { defaultEncryptionKeyFile } from '../../server/secrets/cipher';
import { DEFAULT_DATA_FILE, storageFromFlags } from '../common/storage-flags';
import { WIRE_DIALECTS } from '../../contract/attribute-table';
import { LOG_FORMATS, type LogFormat } from '../../server/http/request-log';
import { ensureLocalTls, loadTlsFiles, TlsSetupError, type TlsMaterial } from '../../server/tls';

const HELP = `usage: cdkws serve [--host 127.0.0.1] [--port 0] [--bootstrap FILE | --example-data]
                   [--data PATH | --database postgres://…] [--rate-limit N]
                   [--tls | --tls-cert FILE --tls-key FILE] [--pid-file FILE]
                   [--session-secret-file FILE] [--encryption-key-file FILE]
                   [--auth-failure-limit N]
                   [--dialect both|hosted]
                   [--log-format text|json] [--metrics-token FILE]
                   [--statement-timeout SECONDS] [--database-pool N]

  --host        address to listen on (default 127.0.0.1)
  --port        port; 0 picks a free one (default 0)
  --bootstrap   JSON file of organizations, teams, users and tokens to create if absent
  --example-data  bootstrap with the example file the package ships (organization acme, token
                alice-token, …: examples/bootstrap.json)
  --data        embedded storage file (default .cdkws/service.db; ":memory:" keeps nothing)
  --database    PostgreSQL URL; several serve processes may share one database
  --rate-limit  requests per second per caller, then 429 (default: off)
  --statement-timeout
                PostgreSQL: seconds a statement may run before the database cancels it and the
                request answers 503 (default 30; 0: no limit)
  --database-pool
                PostgreSQL: connections this process opens at most (default 10); a caller runs
                at most a quarter of them at once
  --tls         serve HTTPS with a local certificate authority and a certificate for localhost,
                127.0.0.1 and ::1, made once and kept in a "tls" folder beside the data
                (.cdkws/tls for :memory: and PostgreSQL); prints the CA file to trust
  --tls-cert    serve HTTPS with this PEM certificate (chain) instead; needs --tls-key
  --tls-key     the PEM private key of --tls-cert
  --pid-file    write the process id to FILE once listening (removed on exit), so a script
                that started serve in the background can stop it: kill -TERM "$(cat FILE)"
  --session-secret-file
                the console's session signing key (a file only its owner may read, at least
                32 characters); default: session.key beside the data file, made on first
                start. Give the same file to every instance sharing one PostgreSQL database
  --encryption-key-file
                the key that encrypts states and output values at rest (a file only its owner
                may read: 64 hexadecimal digits); default: encryption.key beside the data file
                (.cdkws/encryption.key for PostgreSQL), made on first start. Keep a copy apart
                from the database backups: without it the states cannot be read. Give the same
                file to every instance sharing one PostgreSQL database
  --auth-failure-limit
                failed sign-ins and wrong API tokens allowed per client address per minute,
                then 429 until the minute has passed (default 20; 0 turns it off)
  --dialect     wire names of workspace attributes the service document writes neutrally
                (engine-version, vcs-repo.vcsapp-installation-id): "both" accepts and answers
                them and the hosted service's (terraform-version, github-app-installation-id);
                "hosted" only the hosted service's, as the hosted service does (default both)
  --log-format  text (default): a line per refused request or event; json: one JSON object per
                request (request id, method, route, status, duration, caller kind) and per event
  --metrics-token
                serve Prometheus metrics at /metrics to the bearer of the token in FILE
                (default: no metrics); /healthz and /readyz are always there, unauthenticated

Prints "listening on http://HOST:PORT" (https:// with TLS) when ready; the API root is that
URL + /api/v2. Plain HTTP is the default.`;

/** The example bootstrap file inside the package (dist/src/cli/serve is four levels below its root). */
export const EXAMPLE_BOOTSTRAP = path.resolve(__dirname, '..', '..', '..', '..', 'examples', 'bootstrap.json');

export async function serve(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '0' },
        bootstrap: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        'rate-limit': { type: 'string' },
        'statement-timeout': { type: 'string' },
        'database-pool': { type: 'string' },
        tls: { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'example-data': { type: 'boolean' },
        'pid-file': { type: 'string' },
        'session-secret-file': { type: 'string' },
        'encryption-key-file': { type: 'string' },
        'auth-failure-limit': { type: 'string' },
        dialect: { type: 'string', default: 'both' },
        'log-format': { type: 'string', default: 'text' },
        'metrics-token': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`cdkws serve: ${(error as Error).message}\n\n${HELP}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`cdkws serve: --port must be a number from 0 to 65535, not "${values.port}"\n`);
    return 1;
  }
  let rateLimit: number | undefined;
  if (values['rate-limit'] !== undefined) {
    rateLimit = Number(values['rate-limit']);
    if (!Number.isInteger(rateLimit) || rateLimit < 1) {
      process.stderr.write(`cdkws serve: --rate-limit must be a whole number of at least 1, not "${values['rate-limit']}"\n`);
      return 1;
    }
  }
  let authFailureLimit: number | undefined;
  if (values['auth-failure-limit'] !== undefined) {
    authFailureLimit = Number(values['auth-failure-limit']);
    if (!Number.isInteger(authFailureLimit) || authFailureLimit < 0) {
      process.stderr.write(`cdkws serve: --auth-failure-limit must be a whole number (0 turns it off), not "${values['auth-failure-limit']}"\n`);
      return 1;
    }
  }
  if (!(LOG_FORMATS as readonly string[]).includes(values['log-format'])) {
    process.stderr.write(`cdkws serve: --log-format must be ${LOG_FORMATS.join(' or ')}, not "${values['log-format']}"\n`);
    return 1;
  }
  let metricsToken: string | undefined;
  if (values['metrics-token'] !== undefined) {
    try {
      metricsToken = readFileSync(values['metrics-token'], 'utf8').trim();
    } catch (error) {
      process.stderr.write(
        `cdkws serve: cannot read --metrics-token ${values['metrics-token']}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
      );
      return 1;
    }
    if (metricsToken.length < 16 || /\s/.test(metricsToken)) {
      process.stderr.write(`cdkws serve: the --metrics-token file must hold one token of at least 16 characters without spaces\n`);
      return 1;
    }
  }
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) {
    process.stderr.write('cdkws serve: --tls-cert and --tls-key go together; give both, or --tls for a local certificate authority\n');
    return 1;
  }
  if (values['example-data'] && values.bootstrap !== undefined) {
    process.stderr.write('cdkws serve: give --bootstrap FILE or --example-data, not both\n');
    return 1;
  }
  const storage = storageFromFlags(values);
  const dialect = WIRE_DIALECTS.find((d) => d === values.dialect);
  if (dialect === undefined) {
    process.stderr.write(`cdkws serve: --dialect must be ${WIRE_DIALECTS.join(' or ')}, not "${values.dialect}"\n`);
    return 1;
  }
  const bootstrap = values['example-data'] ? EXAMPLE_BOOTSTRAP : values.bootstrap;
  if (storage.kind === 'sqlite' && storage.path !== ':memory:') ensureDataDirectory(storage.path);
  let tls: TlsMaterial | undefined;
  try {
    if (values['tls-cert'] !== undefined) {
      tls = loadTlsFiles(values['tls-cert'], values['tls-key']!);
    } else if (values.tls) {
      const dataFile = storage.kind === 'sqlite' && storage.path !== ':memory:' ? storage.path : DEFAULT_DATA_FILE;
      const local = ensureLocalTls(path.join(path.dirname(path.resolve(dataFile)), 'tls'));
      tls = local;
      describeLocalTls(local.caFile, local.created, values.host);
    }
  } catch (error) {
    if (!(error instanceof TlsSetupError)) throw error;
    process.stderr.write(`cdkws serve: ${error.message}\n`);
    return 1;
  }
  let server;
  try {
    server = await startServer({
      host: values.host,
      port,
      storage,
      bootstrap,
      rateLimit,
      authFailureLimit,
      sessionSecretFile: values['session-secret-file'],
      // PostgreSQL: a file of this folder unless one is named, so that states outlive the process.
      encryptionKeyFile: values['encryption-key-file'] ?? (storage.kind === 'postgres' ? defaultEncryptionKeyFile(null) : undefined),
      tls,
      dialect,
      logFormat: values['log-format'] as LogFormat,
      metricsToken,
    });
  } catch (error) {
    // Refusals an operator fixes (a session key others may read, a bad bootstrap entry): one line, no stack.
    if (!(error instanceof OwnerOnlyError) && !(error instanceof BootstrapError)) throw error;
    process.stderr.write(`cdkws serve: ${error.message}\n`);
    return 1;
  }
  const pidFile = values['pid-file'] === undefined ? undefined : path.resolve(values['pid-file']);
  // Handlers are in place before the "listening" line, so a signal sent right after it is handled;
  // a repeated signal while stopping changes nothing.
  let stopping = false;
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`cdkws serve: ${signal} received, finishing requests in flight\n`);
      server.close().then(resolve, (error) => {
        process.stderr.write(`cdkws serve: error while stopping: ${(error as Error).message}\n`);
        resolve();
      });
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
  // Written before the listening line: a script that waits for the line finds the file.
  if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);
  process.stdout.write(`listening on ${server.url}\n`);
  await stopped;
  if (pidFile) rmSync(pidFile, { force: true });
  return 0;
}

/** Where the CA is and how each kind of client is told to trust it (stderr: stdout keeps its one line). */
function describeLocalTls(caFile: string, created: string[], host: string): void {
  const lines = [
    created.length
      ? `made a new ${created.join(' and a new ')} in ${path.dirname(caFile)}`
      : `reusing the certificate authority and server certificate in ${path.dirname(caFile)}`,
    `certificate authority: ${caFile}`,
    'to trust it:',
    `  Node clients:                   NODE_EXTRA_CA_CERTS=${caFile}`,
    `  Go and OpenSSL clients:         SSL_CERT_FILE=${caFile} (replaces the system list for that process)`,
    `  curl:                           curl --cacert ${caFile} …`,
    `  the cdkws client and provider:  CDKWS_CA_FILE=${caFile}, or ca_file = "${caFile}" in the provider block`,
  ];
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) {
    lines.push(`the certificate is good for localhost, 127.0.0.1 and ::1 only; for other names give --tls-cert and --tls-key`);
  }
  process.stderr.write(lines.map((line) => `cdkws serve: ${line}\n`).join(''));
}
