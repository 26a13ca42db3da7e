// `cdkws serve` (design "Starting the service").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../server';
import type { StorageOptions } from '../server/storage/types';

const HELP = `usage: cdkws serve [--host 127.0.0.1] [--port 0] [--bootstrap FILE]
                   [--data PATH | --database postgres://…] [--rate-limit N]

  --host        address to listen on (default 127.0.0.1)
  --port        port; 0 picks a free one (default 0)
  --bootstrap   JSON file of organizations, teams, users and tokens to create if absent
  --data        embedded storage file (default .cdkws/service.db; ":memory:" keeps nothing)
  --database    PostgreSQL URL; several serve processes may share one database
  --rate-limit  requests per second per caller, then 429 (default: off)

Prints "listening on http://HOST:PORT" when ready; the API root is that URL + /api/v2.`;

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
  let storage: StorageOptions;
  if (values.database) {
    if (!/^postgres(ql)?:\/\//.test(values.database)) {
      process.stderr.write('cdkws serve: --database must be a postgres:// URL\n');
      return 1;
    }
    storage = { kind: 'postgres', url: values.database };
  } else {
    const file = values.data ?? path.join('.cdkws', 'service.db');
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    storage = { kind: 'sqlite', path: file };
  }
  const server = await startServer({ host: values.host, port, storage, bootstrap: values.bootstrap, rateLimit });
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
