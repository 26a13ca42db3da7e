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
} from '../../src/contract';
import { errorFromResponse, RateLimitedError, ForbiddenError, toChangeRequest, toPagination, toWorkspace } from '../../src/client';

const SAMPLES = path.resolve(__dirname, '..', 'fixtures', 'samples');

/** The schema the client reads each sample's answer with, chosen by the sample's endpoint. */
function schemaFor(file: string, sample: { method: string | null; path: string | null; response_status: number | null }): z.ZodType {
  if (sample.response_status !== null && sample.response_status >= 400) return errorDocumentSchema;
  const p = sample.path ?? '';
  if (p.includes('/explorer/bulk-actions')) return explorerBulkActionDocumentSchema;
  if (p.includes('change-requests'))
    return sample.method === 'GET' && p.endsWith('/change-requests') ? changeRequestListDocumentSchema : changeRequestDocumentSchema;
  if (p.includes('data-retention-policy')) return dataRetentionPolicyDocumentSchema;
  if (p.includes('effective-tag-bindings')) return effectiveTagBindingListDocumentSchema;
  if (p.includes('/tag-bindings')) return tagBindingListDocumentSchema;
  if (p.includes('/relationships/tags')) return flatTagListDocumentSchema;
  if (p.includes('remote-state-consumers')) return remoteStateConsumerListDocumentSchema;
  if (sample.method === 'GET' && /\/workspaces(\?|$)/.test(p)) return workspaceListDocumentSchema;
  if (/\/workspaces/.test(p)) return workspaceDocumentSchema;
  throw new Error(`no schema chosen for ${file}`);
}

const files = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.json'))
  .sort();
const withBodies = files
  .map((file) => ({ file, sample: JSON.parse(readFileSync(path.join(SAMPLES, file), 'utf8')) }))
  .filter(({ sample }) => sample.response_body !== null && sample.response_body !== undefined);

describe('documented samples of the real service', () => {
  it('has samples to check', () => {
    expect(withBodies.length).toBeGreaterThan(20);
  });

  it.each(withBodies.map(({ file, sample }) => [file, sample]))('parses the response body of %s', (file, sample) => {
    const parsed = schemaFor(file, sample).safeParse(sample.response_body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('maps every workspace sample to a Workspace with its name and ID', () => {
    const mapped = { workspaces: 0, lists: 0 };
    for (const { file, sample } of withBodies) {
      const body = sample.response_body;
      if (schemaFor(file, sample) === workspaceDocumentSchema) {
        const ws = toWorkspace(workspaceDocumentSchema.parse(body).data);
        expect([ws.id, ws.name]).toEqual([body.data.id, body.data.attributes.name]);
        mapped.workspaces += 1;
      }
      if (schemaFor(file, sample) === workspaceListDocumentSchema) {
        const doc = workspaceListDocumentSchema.parse(body);
        expect(doc.data.map(toWorkspace).map((w) => w.id)).toEqual(body.data.map((d: { id: string }) => d.id));
        expect(toPagination(doc.meta)?.currentPage).toBe(1);
        mapped.lists += 1;
      }
    }
    // Both branches ran: a change to schemaFor that matched no sample would otherwise pass here.
    expect(mapped.workspaces).toBeGreaterThan(5);
    expect(mapped.lists).toBeGreaterThan(0);
  });

  it('maps the change request samples, archived or not', () => {
    const archived = withBodies.find(({ file }) => file === 'cr-archive.json')!;
    expect(toChangeRequest(changeRequestDocumentSchema.parse(archived.sample.response_body).data)).toMatchObject({
      archived: true,
      archivedBy: 'user-2n4yj45149kf',
      workspaceId: 'ws-FTs6kr9iCwweku',
    });
  });

  it('classifies the error samples by status', () => {
    const request = { method: 'GET', url: 'http://x/api/v2/y', headers: {} };
    const rate = withBodies.find(({ file }) => file === 'error-rate-limit-429.json')!.sample;
    expect(errorFromResponse(429, rate.response_body, request)).toBeInstanceOf(RateLimitedError);
    const forbidden = withBodies.find(({ file }) => file === 'error-project-move-403.json')!.sample;
    const error = errorFromResponse(403, forbidden.response_body, request);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.detail).toContain('not authorized to move them');
  });

  it('rejects a workspace document whose attribute has the wrong type', () => {
    const sample = withBodies.find(({ file }) => file === 'ws-show-by-name.json')!.sample.response_body;
    const broken = { data: { ...sample.data, attributes: { ...sample.data.attributes, locked: 'yes' } } };
    expect(workspaceDocumentSchema.safeParse(broken).success).toBe(false);
  });
});
