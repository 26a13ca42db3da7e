// Edges of the HTTP front: HEAD, the chosen time limits, clients that abort, malformed filters.
import http from 'node:http';
import net from 'node:net';
import { TIME_LIMITS } from '../../src/server/http/server';
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace, relatedId, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';

const AUTH = { authorization: `Bearer ${TOKENS.owner}` };

describe('HTTP edges', () => {
  const logLines: string[] = [];
  const service = useService({ log: (line) => logLines.push(line) });

  function raw(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${service.url}/api/v2${path}`, { method, headers: AUTH }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers HEAD like GET, without a body', async () => {
    const ws = await createWorkspace(service);
    for (const path of [
      `/workspaces/${ws.id}`,
      `/organizations/${ORG}/workspaces/${ws.attributes.name}`,
      `/organizations/${ORG}/workspaces?page%5Bsize%5D=5`,
    ]) {
      const get = await raw('GET', path);
      const head = await raw('HEAD', path);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(Number(head.headers['content-length'])).toBe(get.body.length);
    }
    const missing = await raw('HEAD', '/workspaces/ws-doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
    expect((await raw('HEAD', `/workspaces/${ws.id}/actions/lock`)).status).toBe(405);
  });

  it('names HEAD among the allowed methods of GET routes', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('PUT', `/workspaces/${ws.id}`, { body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
  });

  it('sets its time limits on purpose', async () => {
    // The running server is not reachable from here; a fresh one shows what createHttpServer sets.
    const { createHttpServer } = await import('../../src/server/http/server');
    const { buildRouter } = await import('../../src/server/routes');
    const bare = createHttpServer({ router: buildRouter(), service: service.server.service });
    expect(bare.keepAliveTimeout).toBe(TIME_LIMITS.keepAliveMs);
    expect(bare.headersTimeout).toBe(TIME_LIMITS.headersMs);
    expect(bare.requestTimeout).toBe(TIME_LIMITS.requestMs);
    expect(TIME_LIMITS.handshakeMs).toBeLessThanOrEqual(10_000);
    // A proxy in front must give up on an idle connection before we do; headers come before the body.
    expect(TIME_LIMITS.keepAliveMs).toBeGreaterThan(60_000);
    expect(TIME_LIMITS.headersMs).toBeLessThan(TIME_LIMITS.requestMs);
  });

  it('logs clients that abort their bodies as one short line without a stack, naming the route by its template', async () => {
    const before = logLines.length;
    const { port } = new URL(service.url);
    for (let i = 0; i < 3; i += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/v2/organizations/${ORG}/workspaces HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKENS.owner}\r\n` +
              'Content-Type: application/vnd.api+json\r\nContent-Length: 1000\r\n\r\n{"data":',
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100);
        });
        socket.on('error', reject);
      });
    }
    const deadline = Date.now() + 5000;
    while (logLines.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The repeats of the same refusal are counted into one summary line, written when the burst's
    // window ends (request-log.test.ts), not one line each.
    expect(logLines.slice(before)).toEqual([
      'answered 400 bad-request to POST /api/v2/organizations/:organization_name/workspaces: the request was aborted before its body arrived',
    ]);
    // The service still answers.
    expect((await service.request('GET', `/organizations/${ORG}/workspaces`)).status).toBe(200);
  });

  it('answers 500 and logs the stack of an internal error after a whole body was read, not a client abort', async () => {
    const store = service.server.service.store;
    const insert = jest.spyOn(store.workspaces, 'insert').mockRejectedValueOnce(new Error('storage failed on purpose'));
    const before = logLines.length;
    try {
      const answer = await service.request('POST', `/organizations/${ORG}/workspaces`, {
        body: { data: { type: 'workspaces', attributes: { name: 'internal-error' } } },
      });
      expect(answer.status).toBe(500);
      expect(answer.body.errors[0].code).toBe('internal');
      expect(JSON.stringify(answer.body)).not.toContain('storage failed on purpose');
    } finally {
      insert.mockRestore();
    }
    const lines = logLines.slice(before).join('\n');
    expect(lines).toContain('internal error on POST');
    expect(lines).toContain('storage failed on purpose');
    expect(lines).not.toContain('aborted');
  });

  it.each([
    'filter[tagged][-1][key]',
    'filter[tagged][abc][key]',
    'filter[tagged][__proto__][key]',
    'filter[tagged][0][nope]',
    'filter[tagged][0]',
    'filter[tagged]',
    'filter[projekt][id]',
  ])('answers 400 naming the malformed parameter %s', async (name) => {
    const response = await service.request('GET', `/organizations/${ORG}/workspaces?${encodeURIComponent(name)}=x`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].source).toEqual({ parameter: name });
    expect(response.body.errors[0].detail).toContain('filter[tagged][i][key]');
  });

  it('still takes the well-formed filters', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ tagBindings: { edge: 'yes' } }));
    const query = 'filter%5Btagged%5D%5B0%5D%5Bkey%5D=edge&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=yes&filter%5Bproject%5D%5Bid%5D=' + relatedId(ws, 'project');
    const response = await service.request('GET', `/organizations/${ORG}/workspaces?${query}`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((w: { id: string }) => w.id)).toEqual([ws.id]);
  });
});
