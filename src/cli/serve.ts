// `cdkws serve` (architecture "Starting the service").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../server';
import { ensureLocalTls, loadTlsFiles, TlsSetupError, type TlsMaterial } from '../server/tls';
import type { StorageOptions } from '../server/storage/types';

const HELP = `usage: cdkws serve [--host 127.0.0.1] [--port 0] [--bootstrap FILE]
                   [--data PATH | --database postgres://…] [--rate-limit N]
                   [--statement-timeout SECONDS] [--database-pool N]
                   [--tls | --tls-cert FILE --tls-key FILE]

  --host        address to listen on (default 127.0.0.1)
  --port        port; 0 picks a free one (default 0)
  --bootstrap   JSON file of organizations, teams, users and tokens to create if absent
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

Prints "listening on http://HOST:PORT" (https:// with TLS) when ready; the API root is that
URL + /api/v2. Plain HTTP is the default.`;

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
  if (values.data && values.database) {
    process.stderr.write('cdkws serve: give --data or --database, not both\n');
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
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) {
    process.stderr.write('cdkws serve: --tls-cert and --tls-key go together; give both, or --tls for a local certificate authority\n');
    return 1;
  }
  let storage: StorageOptions;
  if (values.database) {
    if (!/^postgres(ql)?:\/\//.test(values.database)) {
      process.stderr.write('cdkws serve: --database must be a postgres:// URL\n');
      return 1;
    }
    storage = { kind: 'postgres', url: values.database };
    if (values['statement-timeout'] !== undefined) {
      const seconds = Number(values['statement-timeout']);
      if (values['statement-timeout'].trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) {
        process.stderr.write(`cdkws serve: --statement-timeout must be a number of seconds from 0 (no limit) to 86400, not "${values['statement-timeout']}"\n`);
        return 1;
      }
      storage.statementTimeoutMs = Math.round(seconds * 1000);
    }
    if (values['database-pool'] !== undefined) {
      const size = Number(values['database-pool']);
      if (!Number.isInteger(size) || size < 1 || size > 1000) {
        process.stderr.write(`cdkws serve: --database-pool must be a whole number from 1 to 1000, not "${values['database-pool']}"\n`);
        return 1;
      }
      storage.poolSize = size;
    }
  } else {
    if (values['statement-timeout'] !== undefined || values['database-pool'] !== undefined) {
      process.stderr.write('cdkws serve: --statement-timeout and --database-pool apply to PostgreSQL (--database) only\n');
      return 1;
    }
    const file = values.data ?? path.join('.cdkws', 'service.db');
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    storage = { kind: 'sqlite', path: file };
  }
  let tls: TlsMaterial | undefined;
  try {
    if (values['tls-cert'] !== undefined) {
      tls = loadTlsFiles(values['tls-cert'], values['tls-key']!);
    } else if (values.tls) {
      const dataFile = storage.kind === 'sqlite' && storage.path !== ':memory:' ? storage.path : path.join('.cdkws', 'service.db');
      const local = ensureLocalTls(path.join(path.dirname(path.resolve(dataFile)), 'tls'));
      tls = local;
      describeLocalTls(local.caFile, local.created, values.host);
    }
  } catch (error) {
    if (!(error instanceof TlsSetupError)) throw error;
    process.stderr.write(`cdkws serve: ${error.message}\n`);
    return 1;
  }
  const server = await startServer({ host: values.host, port, storage, bootstrap: values.bootstrap, rateLimit, tls });
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
  process.stdout.write(`listening on ${server.url}\n`);
  await stopped;
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
    `  Go, curl and OpenSSL clients:   SSL_CERT_FILE=${caFile} (replaces the system list for that process)`,
    `  the cdkws client and provider:  CDKWS_CA_FILE=${caFile}, or ca_file = "${caFile}" in the provider block`,
  ];
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) {
    lines.push(`the certificate is good for localhost, 127.0.0.1 and ::1 only; for other names give --tls-cert and --tls-key`);
  }
  process.stderr.write(lines.map((line) => `cdkws serve: ${line}\n`).join(''));
}
