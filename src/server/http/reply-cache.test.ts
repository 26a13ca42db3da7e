import { DirectoryIndex, EMULATOR_CALLER, organizationTokenCaller, userCaller } from '../access';
import { mergeBootstrap } from '../bootstrap';
import { ReplyCache } from './reply-cache';
import type { Reply } from './router';

const emptyIndex = () => new DirectoryIndex(mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] }));
const shown: Reply = { status: 200, raw: Buffer.from('{"data":{}}') };
const alice = userCaller('user-alice', 'alice');
const dave = userCaller('user-dave', 'dave');
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
    expect(cache.get(organizationTokenCaller('acme'), SHOW, '1:0', index)).toBeUndefined();
  });

  it('never serves one kind of caller the reply of another, whatever their identifiers spell', () => {
    const cache = new ReplyCache();
    const index = emptyIndex();
    const organizationReply: Reply = { status: 200, raw: Buffer.from('{"data":{"org":true}}') };
    cache.remember(organizationTokenCaller('acme'), SHOW, '1:0', index, organizationReply);
    // Identifiers that spell the other kinds' keys or the old `org:` form.
    for (const lookalike of ['org:acme', 'organization-token acme', 'acme', 'emulator']) {
      expect(cache.get(userCaller(lookalike, 'mallory'), SHOW, '1:0', index)).toBeUndefined();
    }
    cache.remember(EMULATOR_CALLER, SHOW, '1:0', index, shown);
    expect(cache.get(userCaller('emulator', 'mallory'), SHOW, '1:0', index)).toBeUndefined();
    expect(cache.get(organizationTokenCaller('acme'), SHOW, '1:0', index)).toBe(organizationReply);
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
