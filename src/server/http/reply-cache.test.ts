import { DirectoryIndex } from '../access';
import { mergeBootstrap } from '../bootstrap';
import { ReplyCache } from './reply-cache';
import type { Reply } from './router';

const emptyIndex = () => new DirectoryIndex(mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] }));
const shown: Reply = { status: 200, raw: Buffer.from('{"data":{}}') };
const alice = { kind: 'user', userId: 'user-alice', username: 'alice' } as const;
const dave = { kind: 'user', userId: 'user-dave', username: 'dave' } as const;
const SHOW = '/api/v2/workspaces/ws-1';

describe('ReplyCache', () => {
  it('serves a reply only under the change token and directory it was made under', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    cache.remember(alice, SHOW, '3:1', index, shown);
    expect(cache.get(alice, SHOW, '3:1', index)).toBe(shown);
    expect(cache.get(alice, SHOW, '3:2', index)).toBeUndefined();
    expect(cache.get(alice, SHOW, '3:1', emptyIndex())).toBeUndefined();
  });

  it('keeps callers and request targets apart', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    cache.remember(alice, SHOW, '1:0', index, shown);
    expect(cache.get(dave, SHOW, '1:0', index)).toBeUndefined();
    expect(cache.get(alice, `${SHOW}?include=project`, '1:0', index)).toBeUndefined();
    expect(cache.get({ kind: 'organization-token', organization: 'acme' }, SHOW, '1:0', index)).toBeUndefined();
  });

  it('keeps only successful pre-rendered replies without headers of their own', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    const refusals: Reply[] = [
      { status: 404, raw: Buffer.from('{}') },
      { status: 200, body: { data: {} } },
      { status: 200, raw: Buffer.from('{}'), headers: { 'x-ratelimit-limit': '30' } },
    ];
    refusals.forEach((reply, i) => cache.remember(alice, `${SHOW}-${i}`, '1:0', index, reply));
    refusals.forEach((_reply, i) => expect(cache.get(alice, `${SHOW}-${i}`, '1:0', index)).toBeUndefined());
  });
});
