import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { measureStartup } from './measure';
import { buildFakeProvider } from './testing/build-fake';

jest.setTimeout(60_000);

describe('start-up measurement', () => {
  let tmp: string;
  let exe: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-measure-test-'));
    exe = await buildFakeProvider(path.join(tmp, 'mirror'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('lays out launcher, bundle and V8 code cache in one mirror folder', () => {
    expect(fs.readdirSync(path.dirname(exe)).sort()).toEqual(['provider.js', 'provider.js.cache', 'terraform-provider-cdkws_v0.0.1']);
    expect(fs.statSync(exe).mode & 0o111).not.toBe(0);
  });

  it('times exec to handshake line against bare node started in turn', async () => {
    const figures = await measureStartup(exe, 3);
    expect(figures.samplesMs).toHaveLength(3);
    // Speed is the benchmark's business (bench/provider.ts); here only that the figures add up.
    expect(figures.minMs).toBeGreaterThan(0);
    expect(figures.minMs).toBeLessThanOrEqual(figures.medianMs);
    expect(figures.medianMs).toBeLessThanOrEqual(figures.maxMs);
    expect(figures.bareNodeMedianMs).toBeGreaterThan(0);
    expect(Number.isFinite(figures.overBareNodeMedianMs)).toBe(true);
  });

  it('still starts when the code cache is missing or stale', async () => {
    const cache = path.join(path.dirname(exe), 'provider.js.cache');
    fs.writeFileSync(cache, Buffer.from('not a code cache'));
    expect((await measureStartup(exe, 1)).samplesMs).toHaveLength(1);
    fs.rmSync(cache);
    expect((await measureStartup(exe, 1)).samplesMs).toHaveLength(1);
  });
});
