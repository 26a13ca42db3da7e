// The client's schemas parse every documented response body of the real service (test/fixtures/samples);
// error bodies parse as JSON:API error documents and classify by status.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  changeRequestDocumentSchema,
  changeRequestListDocumentSchema,
  dataRetentionPolicyDocumentSchema,
  effectiveTagBindingListDocumentSchema,
  errorDocumentSchema,
  explorerBulkActionDocumentSchema,
  flatTagListDocumentSchema,
  remoteStateConsumerListDocumentSchema,
  tagBindingListDocumentSchema,
  workspaceDocumentSchema,
  workspaceListDocumentSchema,
} from '../../src/spec';
import { errorFromResponse, RateLimitedError, ForbiddenError, toChangeRequest, toPagination, toWorkspace } from '../../src/client';

const VECTORS = path.resolve(__dirname, '..', 'fixtures', 'samples');

/** The schema the client reads each sample's answer with, chosen by the sample's endpoint. */
function schemaFor(file: string, vector: { method: string | null; path: string | null; response_status: number | null }): z.ZodType {
  if (vector.response_status !== null && vector.response_status >= 400) return errorDocumentSchema;
  const p = vector.path ?? '';
  if (p.includes('/explorer/bulk-actions')) return explorerBulkActionDocumentSchema;
  if (p.includes('change-requests')) return vector.method === 'GET' && p.endsWith('/change-requests') ? changeRequestListDocumentSchema : changeRequestDocumentSchema;
  if (p.includes('data-retention-policy')) return dataRetentionPolicyDocumentSchema;
  if (p.includes('effective-tag-bindings')) return effectiveTagBindingListDocumentSchema;
  if (p.includes('/tag-bindings')) return tagBindingListDocumentSchema;
  if (p.includes('/relationships/tags')) return flatTagListDocumentSchema;
  if (p.includes('remote-state-consumers')) return remoteStateConsumerListDocumentSchema;
  if (vector.method === 'GET' && /\/workspaces(\?|$)/.test(p)) return workspaceListDocumentSchema;
  if (/\/workspaces/.test(p)) return workspaceDocumentSchema;
  throw new Error(`no schema chosen for ${file}`);
}

const files = readdirSync(VECTORS).filter((f) => f.endsWith('.json')).sort();
const withBodies = files
  .map((file) => ({ file, vector: JSON.parse(readFileSync(path.join(VECTORS, file), 'utf8')) }))
  .filter(({ vector }) => vector.response_body !== null && vector.response_body !== undefined);

describe('documented samples of the real service', () => {
  it('has samples to check', () => {
    expect(withBodies.length).toBeGreaterThan(20);
  });

  it.each(withBodies.map(({ file, vector }) => [file, vector]))('parses the response body of %s', (file, vector) => {
    const parsed = schemaFor(file, vector).safeParse(vector.response_body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('maps every workspace sample to a Workspace with its name and ID', () => {
    for (const { file, vector } of withBodies) {
      const body = vector.response_body;
      if (schemaFor(file, vector) === workspaceDocumentSchema) {
        const ws = toWorkspace(workspaceDocumentSchema.parse(body).data);
        expect([ws.id, ws.name]).toEqual([body.data.id, body.data.attributes.name]);
      }
      if (schemaFor(file, vector) === workspaceListDocumentSchema) {
        const doc = workspaceListDocumentSchema.parse(body);
        expect(doc.data.map(toWorkspace).map((w) => w.id)).toEqual(body.data.map((d: { id: string }) => d.id));
        expect(toPagination(doc.meta)?.currentPage).toBe(1);
      }
    }
  });

  it('maps the change request samples, archived or not', () => {
    const archived = withBodies.find(({ file }) => file === 'cr-archive.json')!;
    expect(toChangeRequest(changeRequestDocumentSchema.parse(archived.vector.response_body).data)).toMatchObject({ archived: true, archivedBy: 'user-2n4yj45149kf', workspaceId: 'ws-FTs6kr9iCwweku' });
  });

  it('classifies the error samples by status', () => {
    const request = { method: 'GET', url: 'http://x/api/v2/y', headers: {} };
    const rate = withBodies.find(({ file }) => file === 'error-rate-limit-429.json')!.vector;
    expect(errorFromResponse(429, rate.response_body, request)).toBeInstanceOf(RateLimitedError);
    const forbidden = withBodies.find(({ file }) => file === 'error-project-move-403.json')!.vector;
    const error = errorFromResponse(403, forbidden.response_body, request);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.detail).toContain('not authorized to move them');
  });

  it('rejects a workspace document whose attribute has the wrong type', () => {
    const sample = withBodies.find(({ file }) => file === 'ws-show-by-name.json')!.vector.response_body;
    const broken = { data: { ...sample.data, attributes: { ...sample.data.attributes, locked: 'yes' } } };
    expect(workspaceDocumentSchema.safeParse(broken).success).toBe(false);
  });
});
