// A tiny provider built on the protocol layer, for end-to-end tests with the real Terraform binary
// and for start-up measurements. Its "remote objects" are JSON files in the configured `store` dir.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { error, ObjectValue, ProviderImplementation, Unknown } from '../server';

interface FakeProviderData {
  store: string;
}

function file(store: string, id: string): string {
  return path.join(store, `${id.replace(/[^a-z0-9-]/gi, '_')}.json`);
}

export const fakeProvider: ProviderImplementation<FakeProviderData> = {
  schema: {
    attributes: { store: { type: 'string', optional: true, description: 'Directory holding the fake objects.' } },
  },
  configure(config) {
    const store = (config.store as string | null) ?? process.env.FAKE_PROVIDER_STORE ?? '';
    if (!store) return { diagnostics: [error('Missing store', 'Set `store` or FAKE_PROVIDER_STORE.', ['store'])] };
    return { providerData: { store } };
  },
  resources: {
    cdkws_fake: {
      schema: {
        version: 1,
        attributes: {
          id: { type: 'string', computed: true },
          name: { type: 'string', required: true },
          description: { type: 'string', optional: true, computed: true },
          zone: { type: 'string', optional: true, requiresReplace: true },
          tags: { type: ['map', 'string'], optional: true },
          revision: { type: 'number', computed: true },
          sleep_ms: { type: 'number', optional: true, description: 'Apply takes this long (to test stopping).' },
        },
        blocks: {
          rule: {
            nesting: 'list',
            block: { attributes: { key: { type: 'string', required: true }, value: { type: 'string', optional: true } } },
          },
          settings: {
            nesting: 'single',
            block: { attributes: { enabled: { type: 'bool', optional: true } } },
          },
          label: {
            nesting: 'set',
            block: { attributes: { text: { type: 'string', required: true } } },
          },
        },
      },
      validate(config) {
        if (typeof config.name === 'string' && config.name.trim() === '') {
          return [error('Invalid name', 'name must not be empty', ['name'])];
        }
      },
      plan({ prior, planned }) {
        // Any change bumps the revision, which is only known after apply.
        if (prior && JSON.stringify({ ...prior, revision: null }) !== JSON.stringify({ ...planned, revision: null })) {
          return { planned: { ...planned, revision: Unknown } };
        }
      },
      async apply({ action, prior, planned }, ctx) {
        const store = ctx.providerData.store;
        const sleep = (planned?.sleep_ms as number | null) ?? 0;
        if (sleep > 0) {
          const stopped = await new Promise<boolean>((resolve) => {
            if (ctx.stopped.aborted) return resolve(true);
            const t = setTimeout(() => resolve(false), sleep);
            ctx.stopped.addEventListener('abort', () => (clearTimeout(t), resolve(true)), { once: true });
          });
          if (stopped) return { diagnostics: [error('Interrupted', 'Terraform asked the provider to stop.')] };
        }
        if (action === 'delete') {
          fs.rmSync(file(store, prior!.id as string), { force: true });
          return {};
        }
        const state: ObjectValue = {
          ...planned!,
          id: action === 'create' ? crypto.randomBytes(6).toString('hex') : prior!.id,
          description: planned!.description === Unknown ? 'managed by fake' : planned!.description,
          revision: action === 'create' ? 1 : (prior!.revision as number) + 1,
        };
        fs.mkdirSync(store, { recursive: true });
        fs.writeFileSync(file(store, state.id as string), JSON.stringify(state));
        return { state };
      },
      read({ state }, ctx) {
        const f = file(ctx.providerData.store, state.id as string);
        if (!fs.existsSync(f)) return { state: null };
        return { state: JSON.parse(fs.readFileSync(f, 'utf8')) as ObjectValue };
      },
      importState(id) {
        return { state: { id } };
      },
      upgradeState({ rawState }) {
        // Version 0 called `name` `title`.
        const { title, ...rest } = rawState as { title?: string };
        return { state: { ...(rest as ObjectValue), name: title ?? null } };
      },
    },
    // A secret given write-only: the remote object (a file in the store) receives it; Terraform's
    // plan and state never hold it. Its read returns the whole remote object, secret included, so
    // the layer's nulling is what keeps it out.
    cdkws_fake_secret: {
      schema: {
        attributes: {
          id: { type: 'string', computed: true },
          name: { type: 'string', required: true, requiresReplace: true },
          secret_wo: { type: 'string', optional: true, sensitive: true, writeOnly: true },
          secret_wo_version: { type: 'number', optional: true },
        },
      },
      apply({ action, prior, planned, config }, ctx) {
        const store = ctx.providerData.store;
        if (action === 'delete') {
          fs.rmSync(file(store, `secret-${prior!.name as string}`), { force: true });
          return {};
        }
        const f = file(store, `secret-${planned!.name as string}`);
        const remote = fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as ObjectValue) : {};
        // The secret is sent on create and when its version changes, as the hashicorp providers do.
        const send = action === 'create' || prior!.secret_wo_version !== planned!.secret_wo_version;
        const state: ObjectValue = { ...planned!, id: `secret-${planned!.name as string}`, secret_wo: send ? config!.secret_wo : (remote.secret_wo ?? null) };
        fs.mkdirSync(store, { recursive: true });
        fs.writeFileSync(f, JSON.stringify(state));
        return { state };
      },
      read({ state }, ctx) {
        const f = file(ctx.providerData.store, state.id as string);
        if (!fs.existsSync(f)) return { state: null };
        return { state: JSON.parse(fs.readFileSync(f, 'utf8')) as ObjectValue };
      },
      importState(id) {
        return { state: { id, name: id.replace(/^secret-/, '') } };
      },
    },
  },
  dataSources: {
    cdkws_fake_echo: {
      schema: {
        attributes: { input: { type: 'string', required: true }, output: { type: 'string', computed: true } },
      },
      read(config) {
        return { state: { input: config.input, output: `echo:${typeof config.input === 'string' ? config.input : JSON.stringify(config.input)}` } };
      },
    },
  },
};
