import { DirectoryIndex } from '../access';
import { mergeBootstrap } from '../bootstrap';
import { ReplyCache } from './reply-cache';
import type { Reply } from './router';

const emptyIndex = () => new DirectoryIndex(mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] }));
const shown: Reply = { status: 200, raw: Buffer.from('{"data":{}}') };
const alice = { kind: 'user', userId: 'user-alice', username: 'alice' } as const;
const dave = { kind: 'user', userId: 'user-dave', username: 'dave' } as const;

describe('ReplyCache', () => {
  it('serves a reply only under the change token and directory it was made under', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    const key = ReplyCache.keyOf(alice, '/api/v2/workspaces/ws-1');
    cache.remember(key, '3:1', index, shown);
    expect(cache.get(key, '3:1', index)).toBe(shown);
    expect(cache.get(key, '3:2', index)).toBeUndefined();
    expect(cache.get(key, '3:1', emptyIndex())).toBeUndefined();
  });

  it('keeps callers and request targets apart', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    cache.remember(ReplyCache.keyOf(alice, '/api/v2/workspaces/ws-1'), '1:0', index, shown);
    expect(cache.get(ReplyCache.keyOf(dave, '/api/v2/workspaces/ws-1'), '1:0', index)).toBeUndefined();
    expect(cache.get(ReplyCache.keyOf(alice, '/api/v2/workspaces/ws-1?include=project'), '1:0', index)).toBeUndefined();
    expect(ReplyCache.keyOf({ kind: 'organization-token', organization: 'acme' }, '/x')).not.toBe(ReplyCache.keyOf(alice, '/x'));
  });

  it('keeps only successful pre-rendered replies without headers of their own', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    const refusals: Reply[] = [
      { status: 404, raw: Buffer.from('{}') },
      { status: 200, body: { data: {} } },
      { status: 200, raw: Buffer.from('{}'), headers: { 'x-ratelimit-limit': '30' } },
    ];
    refusals.forEach((reply, i) => cache.remember(`k${i}`, '1:0', index, reply));
    refusals.forEach((_reply, i) => expect(cache.get(`k${i}`, '1:0', index)).toBeUndefined());
  });
});
