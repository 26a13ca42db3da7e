// State transfer (issue "workspaces that hold state"): how long a 10 MB and a 50 MB Terraform state
// take to go into the service and come back out, the way Terraform moves them (a pending state
// version, the bytes PUT to its upload address; the download address read with the token), against
// a bare node:http server that keeps and returns the same bytes, both over loopback HTTP in this run.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { startServer } from '../src/server';
import { bootstrap } from './client';

const TOKEN = 'alice-token';
const ORG = 'acme';
const MB = 1024 * 1024;

/** A Terraform state (version 4) of about `bytes` bytes: many resources, as a large real state has. */
export function syntheticState(bytes: number, serial: number, lineage: string): Buffer {
  const resources: unknown[] = [];
  const state = {
    version: 4,
    terraform_version: '1.11.4',
    serial,
    lineage,
    outputs: { size: { value: bytes, type: 'number' } },
    resources,
    check_results: null,
  };
  const one = (i: number) => ({
    mode: 'managed',
    type: 'terraform_data',
    name: `r${i}`,
    provider: 'provider["terraform.io/builtin/terraform"]',
    instances: [
      {
        schema_version: 0,
        attributes: { id: randomUUID(), input: { value: 'x'.repeat(900), type: 'string' }, output: null, triggers_replace: null },
        sensitive_attributes: [],
      },
    ],
  });
  const perResource = JSON.stringify(one(0)).length + 1;
  for (let i = 0; i < Math.ceil(bytes / perResource); i++) resources.push(one(i));
  return Buffer.from(JSON.stringify(state));
}

interface Timings {
  upload: number;
  download: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

/** The bare baseline: PUT keeps the body in memory, GET returns it. */
function bareServer(): Promise<{ server: Server; url: string }> {
  let kept: Buffer = Buffer.alloc(0);
  const server = createServer((req, res) => {
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        kept = Buffer.concat(chunks);
        res.writeHead(200).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': kept.length }).end(kept);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function readAll(body: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<Buffer> {
  return Buffer.from(await body.arrayBuffer());
}

export async function benchStateTransfer(options: { sizesMb: number[]; rounds: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-bench-state-'));
  const service = await startServer({
    host: '127.0.0.1',
    port: 0,
    storage: { kind: 'sqlite', path: path.join(dir, 'service.db') },
    bootstrap: bootstrap(),
    log: () => {},
  });
  const bare = await bareServer();
  const api = new Pool(service.url, { connections: 1 });
  const plain = new Pool(bare.url, { connections: 1 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/vnd.api+json' };
  const call = async (method: 'GET' | 'POST', urlPath: string, body?: unknown) => {
    const answer = await api.request({ method, path: `/api/v2${urlPath}`, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await answer.body.text();
    if (answer.statusCode >= 300) throw new Error(`${method} ${urlPath}: ${answer.statusCode} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const figures: Record<string, unknown> = {};
  try {
    const created = await call('POST', `/organizations/${ORG}/workspaces`, { data: { type: 'workspaces', attributes: { name: `bench-state-${Date.now()}` } } });
    const workspaceId: string = created.data.id;
    const lineage = randomUUID();
    let serial = 0;

    /** Terraform's way: lock, a pending state version, the bytes to its upload address, unlock; then the download. */
    const throughService = async (state: Buffer, stateSerial: number): Promise<Timings> => {
      await call('POST', `/workspaces/${workspaceId}/actions/lock`, {});
      const started = process.hrtime.bigint();
      const pending = await call('POST', `/workspaces/${workspaceId}/state-versions`, {
        data: { type: 'state-versions', attributes: { serial: stateSerial, lineage, md5: createHash('md5').update(state).digest('hex'), force: false } },
      });
      const uploadUrl = new URL(pending.data.attributes['hosted-state-upload-url']);
      const put = await api.request({ method: 'PUT', path: uploadUrl.pathname, headers: { 'content-type': 'application/octet-stream' }, body: state });
      await put.body.text();
      if (put.statusCode !== 200) throw new Error(`upload: ${put.statusCode}`);
      const upload = ms(started);
      await call('POST', `/workspaces/${workspaceId}/actions/unlock`, {});
      const current = await call('GET', `/workspaces/${workspaceId}/current-state-version`);
      const downloadStarted = process.hrtime.bigint();
      const download = await api.request({ method: 'GET', path: new URL(current.data.attributes['hosted-state-download-url']).pathname, headers });
      const bytes = await readAll(download.body);
      const downloadMs = ms(downloadStarted);
      if (!bytes.equals(state)) throw new Error('the service returned other bytes');
      return { upload, download: downloadMs };
    };
    const throughBare = async (state: Buffer): Promise<Timings> => {
      const started = process.hrtime.bigint();
      const put = await plain.request({ method: 'PUT', path: '/state', headers: { 'content-type': 'application/octet-stream' }, body: state });
      await put.body.text();
      const upload = ms(started);
      const downloadStarted = process.hrtime.bigint();
      const bytes = await readAll((await plain.request({ method: 'GET', path: '/state' })).body);
      const downloadMs = ms(downloadStarted);
      if (!bytes.equals(state)) throw new Error('the bare server returned other bytes');
      return { upload, download: downloadMs };
    };

    for (const sizeMb of options.sizesMb) {
      const service_: Timings[] = [];
      const baseline: Timings[] = [];
      // One warm-up of each, then rounds alternating which goes first.
      for (let round = -1; round < options.rounds; round++) {
        const state = syntheticState(sizeMb * MB, ++serial, lineage);
        let viaService: Timings;
        let viaBare: Timings;
        if (round % 2 === 0) {
          viaService = await throughService(state, serial);
          viaBare = await throughBare(state);
        } else {
          viaBare = await throughBare(state);
          viaService = await throughService(state, serial);
        }
        if (round < 0) continue;
        service_.push(viaService);
        baseline.push(viaBare);
      }
      const s = { upload: median(service_.map((t) => t.upload)), download: median(service_.map((t) => t.download)) };
      const b = { upload: median(baseline.map((t) => t.upload)), download: median(baseline.map((t) => t.download)) };
      figures[`${sizeMb} MB upload: service ms / bare node:http ms (ratio)`] =
        `${s.upload.toFixed(0)} / ${b.upload.toFixed(0)} (${(s.upload / b.upload).toFixed(1)}x)`;
      figures[`${sizeMb} MB download: service ms / bare node:http ms (ratio)`] =
        `${s.download.toFixed(0)} / ${b.download.toFixed(0)} (${(s.download / b.download).toFixed(1)}x)`;
    }
  } finally {
    await api.close();
    await plain.close();
    await new Promise((resolve) => bare.server.close(resolve));
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
