// End to end, as a new user: pack this working tree, `cdkws init --package <tarball>` an app in a
// temporary folder outside the repository (npm install included), then drive it against the real
// service with the engine's own CLI (cdktf, or CDK Terrain's cdktn) and with cdkws:
// deploy → the workspace exists → a second diff is empty → destroy → deploy and destroy again with
// cdkws → `cdkws import` of a workspace made by hand, imported by the engine's own deploy. Only
// CDKWS_ADDRESS and CDKWS_TOKEN are set: no CLI configuration, no hand-run init.
// One test file per engine (init-app-cdktf.test.ts, init-app-cdktn.test.ts), each with its own
// service, so that jest runs the two apps side by side: most of their time is spent waiting on npm,
// the engines' CLIs and Terraform.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, ROOT } from '../helpers/processes';
import { ORG, TOKENS, type TestService } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

const MINUTE = 60_000;

interface Result {
  code: number;
  output: string;
}

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout = 10 * MINUTE): Promise<Result> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** Fails with the command's output, so a broken step says why. */
function expectExit(result: Result, code: number, step: string): void {
  if (result.code !== code) throw new Error(`${step} exited ${result.code}, expected ${code}:\n${result.output.slice(-6000)}`);
}

/** The environment of a user's shell: no Terraform CLI configuration, no other tokens. */
function userEnvironment(service: TestService): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(TF_|TFE_|CDKWS_|CDKTF_|JEST_|npm_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, CDKWS_ADDRESS: service.url, CDKWS_TOKEN: TOKENS.owner, CHECKPOINT_DISABLE: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
}

export type Engine = 'cdktf' | 'cdktn';

/** CDK Terrain's CLI (cdktn-cli 0.24) needs Node.js 22.19 or later: on an older Node, the npm package `node` brings one. */
function engineCommand(engine: Engine): string[] {
  if (engine === 'cdktf') return ['npx', 'cdktf'];
  const [major, minor] = process.versions.node.split('.').map(Number);
  const recent = major > 22 || (major === 22 && minor >= 19);
  return recent ? ['npx', 'cdktn'] : ['npx', '--yes', '--package', 'node@22', '--', 'cdktn'];
}

/** The whole journey for one engine, in a describe block of the calling test file. */
export function describeInitApp(engine: Engine): void {
  describeWith('terraform')(`cdkws init --engine ${engine}, then the engine CLI and cdkws, in an app outside the repository`, () => {
    const service = useService();
    let base: string;
    let tarball: string;

    beforeAll(async () => {
      base = mkdtempSync(path.join(os.tmpdir(), `cdkws-init-e2e-${engine}-`));
      // dist/ is built by the test run's global setup, so packing needs no build of its own.
      const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', base], ROOT, process.env, 5 * MINUTE);
      expectExit(packed, 0, 'npm pack');
      tarball = path.join(base, readdirSync(base).find((name) => name.endsWith('.tgz')) as string);
    }, 6 * MINUTE);

    afterAll(async () => {
      if (base) rmSync(base, { recursive: true, force: true });
    });

    describe(`engine ${engine}`, () => {
      const cli = engineCommand(engine);
      const name = `${engine}-app`;
      let app: string;
      let env: NodeJS.ProcessEnv;
      const engineCli = (...args: string[]) => run(cli[0], [...cli.slice(1), ...args], app, env);
      const cdkws = (...args: string[]) => run('npx', ['cdkws', ...args], app, env);
      const workspace = () => service.request('GET', `/organizations/${ORG}/workspaces/${name}`);

      beforeAll(() => {
        app = path.join(base, name);
        env = userEnvironment(service);
      });

      it(
        'creates and installs the app from the packed tarball',
        async () => {
          const started = Date.now();
          // The tarball's own dependencies come from the npm cache when it has them.
          const result = await run(
            process.execPath,
            [CLI, 'init', app, '--engine', engine, '--package', tarball],
            base,
            { ...env, npm_config_prefer_offline: 'true' },
            15 * MINUTE,
          );
          expectExit(result, 0, 'cdkws init');
          process.stdout.write(`cdkws init --engine ${engine}: created and installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
          expect(readdirSync(app).sort()).toEqual(
            expect.arrayContaining(['.github', '.gitignore', 'README.md', 'cdktf.json', 'main.ts', 'node_modules', 'package.json', 'tsconfig.json']),
          );
        },
        16 * MINUTE,
      );

      it(
        'synthesizes without a type check (in seconds), and npm test catches the type error',
        async () => {
          const mainFile = path.join(app, 'main.ts');
          const original = readFileSync(mainFile, 'utf8');
          writeFileSync(mainFile, original.replace('app.synth();', "const retries: number = 'three';\nconsole.log(retries);\napp.synth();"));
          try {
            expectExit(await cdkws('synth'), 0, 'cdkws synth of an app with a type error');
            const tested = await run('npm', ['test'], app, env);
            expect(tested.code).not.toBe(0);
            expect(tested.output).toContain("error TS2322: Type 'string' is not assignable to type 'number'.");
          } finally {
            writeFileSync(mainFile, original);
          }
          expectExit(await run('npm', ['test'], app, env), 0, 'npm test');
        },
        10 * MINUTE,
      );

      it(
        `deploys with the ${engine} CLI and the workspace exists`,
        async () => {
          expectExit(await engineCli('deploy', '--auto-approve'), 0, `${engine} deploy`);
          const found = await workspace();
          expect(found.status).toBe(200);
          expect(found.body.data.attributes).toMatchObject({ name, description: 'Managed by cdk-workspaces', 'execution-mode': 'remote' });
        },
        10 * MINUTE,
      );

      it(
        `shows no changes in a second diff, with ${engine} and with cdkws`,
        async () => {
          const diff = await engineCli('diff');
          expectExit(diff, 0, `${engine} diff`);
          expect(diff.output).toContain('No changes.');
          expectExit(await cdkws('diff'), 0, 'cdkws diff');
        },
        10 * MINUTE,
      );

      it(
        `destroys with the ${engine} CLI`,
        async () => {
          expectExit(await engineCli('destroy', '--auto-approve'), 0, `${engine} destroy`);
          expect((await workspace()).status).toBe(404);
        },
        10 * MINUTE,
      );

      it(
        `fails the ${engine} CLI's synth on a policy error and prints policy warnings, sending nothing`,
        async () => {
          const mainFile = path.join(app, 'main.ts');
          const original = readFileSync(mainFile, 'utf8');
          const withPolicy = original
            .replace("from 'cdk-workspaces';", "from 'cdk-workspaces';\nimport { Policy, PolicyRules } from 'cdk-workspaces';")
            .replace(
              'app.synth();',
              [
                'Policy.apply(app, {',
                "  rules: [PolicyRules.requiredTags(['team']), PolicyRules.engineVersionPinned({ severity: 'warning' })],",
                '});',
                'app.synth();',
              ].join('\n'),
            );
          writeFileSync(mainFile, withPolicy);
          try {
            const synth = await engineCli('synth');
            expect(synth.code).not.toBe(0);
            expect(synth.output).toContain('required-tags');
            expect(synth.output).toContain(`workspaces/${name}`);
            // Warnings only: the engine synthesizes, and the warning reaches its output.
            writeFileSync(mainFile, withPolicy.replace("PolicyRules.requiredTags(['team']), ", ''));
            const warned = await engineCli('synth');
            expectExit(warned, 0, `${engine} synth with a warning`);
            expect(warned.output).toContain('engine-version-pinned');
            expect((await workspace()).status).toBe(404);
          } finally {
            writeFileSync(mainFile, original);
          }
        },
        5 * MINUTE,
      );

      it(
        'deploys and destroys with cdkws in the same app',
        async () => {
          expectExit(await cdkws('deploy', '--auto-approve'), 0, 'cdkws deploy');
          expect((await workspace()).status).toBe(200);

          // A pull request: a new description and a tag. One row for the workspace, its new tag
          // binding in it, named by the construct path the engine's synth recorded.
          const mainFile = path.join(app, 'main.ts');
          const original = readFileSync(mainFile, 'utf8');
          writeFileSync(mainFile, original.replace("description: 'Managed by cdk-workspaces',", "description: 'Reviewed by rows',\n  tags: { team: 'ops' },"));
          try {
            expectExit(await cdkws('diff', '--json', 'plan.json', '--markdown', 'plan.md'), 2, 'cdkws diff');
            const json = JSON.parse(readFileSync(path.join(app, 'plan.json'), 'utf8'));
            expect(json.stacks[0].workspaces).toEqual([
              expect.objectContaining({
                workspace: name,
                path: `workspaces/${name}`,
                action: 'update',
                attributes: [{ name: 'description', before: 'Managed by cdk-workspaces', after: 'Reviewed by rows', forcesReplacement: false }],
                resources: [expect.objectContaining({ type: 'cdkws_tag_binding', name: 'tag-team', path: `workspaces/${name}/tag-team`, action: 'create' })],
              }),
            ]);
            expect(readFileSync(path.join(app, 'plan.md'), 'utf8')).toContain(
              `| 🟡 | ${name} | \`description: "Managed by cdk-workspaces" → "Reviewed by rows"\`<br>\`+ tag-team: key: "team", value: "ops"\` |`,
            );
          } finally {
            writeFileSync(mainFile, original);
          }
          expectExit(await cdkws('destroy', '--auto-approve'), 0, 'cdkws destroy');
          expect((await workspace()).status).toBe(404);
        },
        10 * MINUTE,
      );

      it(
        `brings an existing workspace under code with cdkws import, and the ${engine} CLI imports it`,
        async () => {
          const legacy = `${engine}-legacy`;
          const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
            body: { data: { type: 'workspaces', attributes: { name: legacy, description: 'made by hand', 'auto-apply': true } } },
          });
          expect(created.status).toBe(201);
          expect(
            (
              await service.request('PATCH', `/workspaces/${created.body.data.id}/tag-bindings`, {
                body: { data: [{ type: 'tag-bindings', attributes: { key: 'team', value: 'ops' } }] },
              })
            ).status,
          ).toBe(200);
          const imported = await cdkws('import', '--organization', ORG, '--name', legacy);
          expectExit(imported, 0, 'cdkws import');
          const [importLine, constructLine] = imported.output.split('\n').filter((line) => /^(import \{ ImportedWorkspaces|new ImportedWorkspaces)/.test(line));
          const main = readFileSync(path.join(app, 'main.ts'), 'utf8').split('\n');
          main.splice(main.findIndex((line) => line.startsWith('const stack = ')) + 1, 0, constructLine);
          writeFileSync(path.join(app, 'main.ts'), [importLine, ...main].join('\n'));

          // cdkws shows the import as one row: the workspace and its binding adopted as they are.
          expectExit(await cdkws('diff', '--markdown', 'plan.md'), 2, 'cdkws diff');
          expect(readFileSync(path.join(app, 'plan.md'), 'utf8')).toContain(
            `| 🔵 | ${legacy} (\`workspaces/imported/${legacy}\`) | **imported as it is**<br>\`<- `,
          );

          const first = await engineCli('diff');
          expectExit(first, 0, `${engine} diff`);
          // The workspace and its binding are imported; the app's own workspace, destroyed above, is added again.
          expect(first.output.slice(-3000)).toMatch(/2 to import, 1 to add, 0 to change, 0 to destroy/);
          expectExit(await engineCli('deploy', '--auto-approve'), 0, `${engine} deploy`);
          const again = await engineCli('diff');
          expectExit(again, 0, `${engine} diff`);
          expect(again.output).toContain('No changes.');
          const after = await service.request('GET', `/organizations/${ORG}/workspaces/${legacy}`);
          expect(after.body.data.attributes).toMatchObject({ description: 'made by hand', 'auto-apply': true });
        },
        15 * MINUTE,
      );
    });
  });
}
