#!/usr/bin/env node
'use strict';
// `npm run demo`: the whole workflow on this machine, offline. Starts the embedded service with the
// example bootstrap (in memory, free port), then in a copy of examples/platform: synth, diff (prints
// the pull-request summary), deploy, a second diff that must be empty; then stops the service.
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

/** Runs the CLI in the project; resolves with its exit code. */
function cdkws(cwd, env, ...args) {
  process.stdout.write(`$ cdkws ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
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
    expectCode('synth', await cdkws(project, env, 'synth'), 0);

    heading('Diff: what a pull request would show');
    const markdown = path.join(project, 'plan.md');
    expectCode('diff', await cdkws(project, env, 'diff', '--markdown', markdown), 2);
    heading('The pull-request summary (plan.md, full plan collapsed)');
    const summary = fs.readFileSync(markdown, 'utf8');
    process.stdout.write(summary.slice(0, summary.indexOf('<details>') >= 0 ? summary.indexOf('<details>') : undefined));

    heading('Deploy');
    expectCode('deploy', await cdkws(project, env, 'deploy', '--auto-approve'), 0);

    heading('Diff again: nothing left to change');
    expectCode('second diff', await cdkws(project, env, 'diff'), 0);
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
