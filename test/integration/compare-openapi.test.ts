// scripts/compare-openapi.js: the differences it finds between two OpenAPI documents, on small
// documents written here (the hosted service's document is not part of this repository).
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compare } = require('../../scripts/compare-openapi.js') as {
  compare: (hosted: unknown, ours: unknown) => { common: string[]; onlyOurs: string[]; lines: string[] };
};

const envelope = (attributes: Record<string, unknown>) => ({
  type: 'object',
  properties: { data: { type: 'object', properties: { attributes: { type: 'object', properties: attributes } } } },
});
const json = (schema: unknown) => ({ content: { 'application/vnd.api+json': { schema } } });

const hosted = {
  openapi: '3.0.0',
  paths: {
    '/organizations/{organization_name}/agent-pools': {
      get: {
        parameters: [
          { name: 'q', in: 'query' },
          { name: 'sort', in: 'query' },
        ],
        responses: { 200: json({ $ref: '#/components/schemas/pool-list' }) },
      },
      post: { requestBody: json(envelope({ name: { type: 'string' } })), responses: { 201: json(envelope({ name: { type: 'string' } })) } },
    },
    '/runs/{id}': { get: { responses: { 200: json(envelope({})) } } },
  },
  components: {
    schemas: {
      'pool-list': {
        type: 'object',
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/pool' } } },
      },
      pool: {
        type: 'object',
        properties: {
          attributes: {
            type: 'object',
            properties: { name: { type: 'string' }, 'agent-count': { type: 'integer' }, mode: { type: 'string', enum: ['a', 'b', null] } },
          },
        },
      },
    },
  },
};

const ours = {
  openapi: '3.1.0',
  paths: {
    '/api/v2/organizations/{org}/agent-pools': {
      get: {
        parameters: [
          { name: 'q', in: 'query' },
          { name: 'page[number]', in: 'query' },
        ],
        responses: {
          200: json({
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    attributes: {
                      type: 'object',
                      properties: { name: { type: 'string' }, 'agent-count': { type: 'number' }, mode: { type: ['string', 'null'], enum: ['a'] }, extra: {} },
                    },
                  },
                },
              },
            },
          }),
        },
      },
      post: { requestBody: json(envelope({ name: { type: ['string', 'null'] } })), responses: { 201: json(envelope({ name: { type: 'string' } })) } },
    },
    '/api/v2/ping': { get: { responses: { 200: json({}) } } },
  },
};

describe('compare-openapi', () => {
  it('matches paths without /api/v2 and parameter names, and reports parameters, attributes, types and enums', () => {
    const result = compare(hosted, ours);
    expect(result.common).toEqual(['GET /organizations/{}/agent-pools', 'POST /organizations/{}/agent-pools']);
    expect(result.onlyOurs).toEqual(['GET /ping']);
    expect(result.lines).toEqual([
      'GET /organizations/{}/agent-pools: query parameter "sort" only in the hosted document',
      'GET /organizations/{}/agent-pools: query parameter "page[number]" only in ours',
      'GET /organizations/{}/agent-pools answer: attribute "mode" values missing here: b',
      'GET /organizations/{}/agent-pools answer: attribute "extra" only in ours',
      'POST /organizations/{}/agent-pools request: attribute "name" is string there, null|string here',
    ]);
  });

  it('runs as a command: the differences, then a count', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-compare-openapi-'));
    writeFileSync(path.join(dir, 'hosted.json'), JSON.stringify(hosted));
    writeFileSync(path.join(dir, 'ours.json'), JSON.stringify(ours));
    const run = spawnSync(
      process.execPath,
      [path.join(__dirname, '..', '..', 'scripts', 'compare-openapi.js'), path.join(dir, 'hosted.json'), path.join(dir, 'ours.json')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('2 operations in both documents, 5 differences; only in ours: GET /ping');
    expect(spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'compare-openapi.js')], { encoding: 'utf8' }).status).toBe(2);
  });
});
