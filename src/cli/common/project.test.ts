import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './output';
import { appEnvironment, readProjectConfig } from './project';
import { terraformEnvironment } from '../workflow/terraform';

describe('readProjectConfig', () => {
  let dir: string;
  const write = (content: string) => writeFileSync(path.join(dir, 'cdktf.json'), content);
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-project-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the app command, the output directory and the context', () => {
    write(JSON.stringify({ app: 'node main.js', output: 'out', context: { env: 'dev' } }));
    expect(readProjectConfig(dir)).toEqual({ dir, app: 'node main.js', outdir: path.join(dir, 'out'), context: { env: 'dev' } });
  });

  it.each(['null', '[]', '"main.ts"', '42'])('refuses %s, a cdktf.json that is valid JSON but not an object, as a usage error', (content) => {
    write(content);
    expect(() => readProjectConfig(dir)).toThrow(CliError);
    expect(() => readProjectConfig(dir)).toThrow(/cdktf\.json is not a JSON object: write \{ "app": /);
  });

  it('names the file when it is not JSON, or has no app command', () => {
    write('{');
    expect(() => readProjectConfig(dir)).toThrow(/cdktf\.json is not valid JSON: /);
    write('{"output": "out"}');
    expect(() => readProjectConfig(dir)).toThrow(/cdktf\.json has no "app" command/);
  });
});

describe('the environments cdkws runs the app and Terraform with', () => {
  it('turn off the checkpoint version check (quiet offline) and hold no token', () => {
    const saved = { ...process.env };
    process.env.CDKWS_TOKEN = 'secret-token';
    try {
      const app = appEnvironment({ dir: '/app', app: 'node main.js', outdir: '/app/cdktf.out', context: {} });
      expect(app.CHECKPOINT_DISABLE).toBe('1');
      expect(app.CDKWS_TOKEN).toBeUndefined();
      expect(terraformEnvironment({ cliConfigFile: '/x/terraform.tfrc', fingerprint: 'f' }).CHECKPOINT_DISABLE).toBe('1');
    } finally {
      process.env = saved;
    }
  });
});
