// `cdkws token list|create|revoke`: users' API tokens, on the data store `cdkws serve` uses
// (--data or --database). A running service sees a created or revoked token within a second
// (service.ts "Directory changes travel"). The new token's value is printed once, alone on stdout.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { authenticationTokenDescriptionSchema } from '../../contract';
import { Service } from '../../server/service';
import { openStore } from '../../server/store';
import type { StorageOptions } from '../../server/storage/types';
import { type AuthenticationTokenView, createUserToken, listUserTokens, revokeToken } from '../../server/directory/tokens';
import { CliError } from '../common/output';
import { storageFromFlags } from '../common/storage-flags';

const HELP = `usage: cdkws token list [--user USERNAME] [--data PATH | --database postgres://…]
       cdkws token create --user USERNAME [--description TEXT] [--expires-at TIMESTAMP]
                          [--data PATH | --database postgres://…]
       cdkws token revoke TOKEN_ID [--data PATH | --database postgres://…]

  list      the users' tokens (never their values): ID, user, description, created, expires
  create    makes a token for the user and prints it once; only its hash is kept
  revoke    ends the token (and the console sessions signed in with it) in every running service

  --data        embedded storage file (default .cdkws/service.db)
  --database    PostgreSQL URL
  --user        the user's username
  --description what the token is for
  --expires-at  ISO 8601 time after which the token no longer signs in (default: never)`;

async function withService<T>(storage: StorageOptions, body: (service: Service) => Promise<T>): Promise<T> {
  // A command never makes a new, empty data store: that is surely a mistyped path.
  if (storage.kind === 'sqlite' && (storage.path === ':memory:' || !existsSync(storage.path))) {
    throw new CliError(`no data store at ${storage.path}; give the --data or --database that cdkws serve uses`);
  }
  const store = await openStore(storage);
  try {
    return await body(await Service.open(store, null, (line) => process.stderr.write(`${line}\n`)));
  } finally {
    await store.close();
  }
}

function userIdOf(service: Service, username: string): string {
  const user = service.directory.users.find((u) => u.username === username);
  if (!user) throw new CliError(`no user named "${username}" in the directory`);
  return user.id;
}

function table(service: Service, tokens: AuthenticationTokenView[]): string {
  const rows = [['ID', 'USER', 'DESCRIPTION', 'CREATED', 'EXPIRES']];
  for (const t of tokens) {
    const username = service.index.username(t.userId) ?? t.userId;
    rows.push([t.id, username, t.description ?? (t.source === 'bootstrap' ? '(bootstrap file)' : ''), t.createdAt ?? '-', t.expiredAt ?? 'never']);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function token(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        database: { type: 'string' },
        user: { type: 'string' },
        description: { type: 'string' },
        'expires-at': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${HELP}`);
  }
  const { values, positionals } = parsed;
  const [action, ...rest] = positionals;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const storage = storageFromFlags(values);
  if (action === 'list' && rest.length === 0) {
    return withService(storage, async (service) => {
      const users = values.user ? [userIdOf(service, values.user)] : service.directory.users.map((u) => u.id);
      process.stdout.write(
        `${table(
          service,
          users.flatMap((id) => listUserTokens(service.directory, id)),
        )}\n`,
      );
      return 0;
    });
  }
  if (action === 'create' && rest.length === 0) {
    if (!values.user) throw new CliError('create needs --user USERNAME');
    const description = values.description ?? null;
    if (description !== null && !authenticationTokenDescriptionSchema.safeParse(description).success) {
      throw new CliError('--description must be at most 255 characters without NUL');
    }
    let expiredAt: string | null = null;
    if (values['expires-at'] !== undefined) {
      const at = Date.parse(values['expires-at']);
      if (Number.isNaN(at) || at <= Date.now())
        throw new CliError(`--expires-at must be a time in the future, such as 2030-01-31T00:00:00Z, not "${values['expires-at']}"`);
      expiredAt = new Date(at).toISOString();
    }
    return withService(storage, async (service) => {
      const created = await createUserToken(service, userIdOf(service, values.user!), { description, expiredAt });
      if (!created) throw new CliError(`the user "${values.user}" was removed meanwhile`);
      process.stderr.write(`created ${created.view.id} for ${values.user}; the token is shown only now:\n`);
      process.stdout.write(`${created.value}\n`);
      return 0;
    });
  }
  if (action === 'revoke' && rest.length === 1) {
    return withService(storage, async (service) => {
      if (!(await revokeToken(service, rest[0]))) throw new CliError(`no token with ID "${rest[0]}" (see cdkws token list)`);
      process.stdout.write(`revoked ${rest[0]}\n`);
      return 0;
    });
  }
  throw new CliError(`expected list, create or revoke TOKEN_ID\n\n${HELP}`);
}
