// The baseline of the PostgreSQL creates bench (creates-postgres.ts), in a worker of its own: a
// bare node:http server that parses the same JSON:API body, INSERTs one row with `pg` (a pool of
// the service's default size) and answers 201 with the new row's ID.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'pg';

export const BARE_TABLE = 'bare_workspaces';

async function run(job: { url: string }): Promise<void> {
  const pool = new Pool({ connectionString: job.url, max: 10 });
  await pool.query(`CREATE TABLE IF NOT EXISTS ${BARE_TABLE} (id TEXT PRIMARY KEY, organization TEXT NOT NULL, name TEXT NOT NULL, settings TEXT NOT NULL)`);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let name: string;
      try {
        name = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { attributes: { name: string } } }).data.attributes.name;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const id = `ws-${randomBytes(12).toString('base64url')}`;
      pool.query(`INSERT INTO ${BARE_TABLE} (id, organization, name, settings) VALUES ($1, $2, $3, $4)`, [id, 'acme', name, '{}']).then(
        () => {
          const body = JSON.stringify({ data: { id, type: 'workspaces', attributes: { name } } });
          res.writeHead(201, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body) }).end(body);
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  parentPort!.postMessage({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

run(workerData as { url: string }).catch((error) => parentPort!.postMessage({ error: String((error as Error)?.stack ?? error) }));
