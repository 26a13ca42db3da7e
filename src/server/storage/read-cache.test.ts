import { WorkspaceReadCache } from './read-cache';
import type { WorkspaceRecord } from './types';

const record = (id: string, version: number): WorkspaceRecord =>
  ({ id, version, name: id, settings: { 'auto-apply': false }, tagNames: [] }) as unknown as WorkspaceRecord;

describe('WorkspaceReadCache', () => {
  it('serves a whole read only under the change token it was read under, and as a copy', () => {
    const cache = new WorkspaceReadCache();
    cache.rememberRead('id = ?|ws-1', '7:1', record('ws-1', 1));
    expect(cache.read('id = ?|ws-1', '7:2')).toBeUndefined();
    const hit = cache.read('id = ?|ws-1', '7:1')!;
    expect(hit).toMatchObject({ id: 'ws-1', version: 1 });
    hit.name = 'changed by a caller';
    expect(cache.read('id = ?|ws-1', '7:1')?.name).toBe('ws-1');
  });

  it('serves parsed settings only at the version they were parsed at', () => {
    const cache = new WorkspaceReadCache();
    cache.rememberParsed(record('ws-1', 3));
    expect(cache.parsedAt('ws-1', 4)).toBeUndefined();
    expect(cache.parsedAt('ws-1', 3)?.settings).toEqual({ 'auto-apply': false });
  });

  it('stays bounded, dropping the least recently used entry rather than everything', () => {
    const cache = new WorkspaceReadCache();
    for (let i = 0; i < 10_000; i++) cache.rememberParsed(record(`ws-${i}`, 1));
    expect(cache.parsedAt('ws-0', 1)).toBeDefined(); // now the most recently used
    cache.rememberParsed(record('ws-new', 1));
    expect(cache.parsedAt('ws-1', 1)).toBeUndefined();
    expect(cache.parsedAt('ws-0', 1)).toBeDefined();
    expect(cache.parsedAt('ws-2', 1)).toBeDefined();
    expect(cache.parsedAt('ws-new', 1)).toBeDefined();
  });
});
