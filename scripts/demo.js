#!/usr/bin/env node
'use strict';
// `npm run demo`: the whole workflow on this machine, offline. Starts the embedded service with the
// example bootstrap (in memory, free port), then in a copy of examples/platform: synth, diff (prints
// the pull-request summary), deploy, a second diff that must be empty; then stops the service. The
// plan is printed once: as the pull-request summary. The diff's and the deploy's own terminal
// summaries of the same plan are not repeated (progress, on stderr, still shows).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { createExampleProject, ROOT } = require('./example-project');

const CLI = path.join(ROOT, 'bin', 'cdkws.js');
const TOKEN = 'alice-token'; // the owner of "acme" in examples/bootstrap.json

function heading(text) {
  const line = '─'.repeat(Math.max(0, 72 - text.length - 4));
  process.stdout.write(`\n── ${text} ${line}\n`);
}

function startService() {
  const child = spawn(process.execPath, [CLI, 'serve', '--bootstrap', path.join(ROOT, 'examples', 'bootstrap.json'), '--data', ':memory:', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`the service exited (${code}) before listening`)));
  });
}

/**
 * Runs the CLI in the project; resolves with its exit code and stdout. With `quiet`, stdout is kept
 * from the terminal (the caller shows what it needs of it).
 */
function cdkws(cwd, env, args, { quiet = false } = {}) {
  process.stdout.write(`$ cdkws ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'] });
  let stdout = '';
  if (quiet) child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, stdout })));
}

function expectCode(step, code, expected) {
  if (code !== expected) throw new Error(`${step} exited ${code}, expected ${expected}`);
}

async function main() {
  heading('Starting the service');
  const service = await startService();
  process.stdout.write(`listening on ${service.url} (organization "acme", in-memory storage)\n`);
  process.stdout.write(`web console: ${service.url}/app/acme/workspaces (sign in with alice's token from examples/bootstrap.json)\n`);
  const project = createExampleProject('cdkws-demo-');
  const env = { ...process.env, CDKWS_ADDRESS: service.url, CDKWS_TOKEN: TOKEN };
  delete env.TFE_TOKEN;
  try {
    heading('Synthesizing examples/platform');
    expectCode('synth', (await cdkws(project, env, ['synth'])).code, 0);

    heading('Diff: what a pull request would show');
    const markdown = path.join(project, 'plan.md');
    expectCode('diff', (await cdkws(project, env, ['diff', '--markdown', markdown], { quiet: true })).code, 2);
    heading('The pull-request summary (plan.md)');
    const summary = fs.readFileSync(markdown, 'utf8');
    const details = summary.indexOf('<details><summary>Full plan');
    process.stdout.write(details >= 0 ? `${summary.slice(0, details)}(Terraform's own plan follows in plan.md, collapsed.)\n` : summary);

    heading('Deploy');
    const deployed = await cdkws(project, env, ['deploy', '--auto-approve'], { quiet: true });
    expectCode('deploy', deployed.code, 0);
    // The plan it applies is the one summarized above: only the outcome is shown.
    process.stdout.write(
      deployed.stdout
        .split('\n')
        .filter((line) => line.includes('✔'))
        .join('\n') + '\n',
    );

    heading('Diff again: nothing left to change');
    expectCode('second diff', (await cdkws(project, env, ['diff'])).code, 0);
    process.stdout.write('\nThe second diff is empty: the service matches the code.\n');
  } finally {
    heading('Stopping the service');
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
    fs.rmSync(project, { recursive: true, force: true });
    process.stdout.write('stopped\n');
  }
}

main().catch((error) => {
  process.stderr.write(`demo failed: ${error.message}\n`);
  process.exitCode = 1;
});
