// docs/troubleshooting.md gives every error code its cause and fix: a code added to the catalogue
// without an entry there fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS } from './error-codes';

describe('the troubleshooting page', () => {
  const page = readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'troubleshooting.md'), 'utf8');
  const rows = new Map(
    page
      .split('\n')
      .map((line) => /^\| `([a-z0-9-]+)` \| (\d{3}) \| (.+) \| (.+) \|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1], { status: Number(match[2]), cause: match[3], fix: match[4] }]),
  );

  it.each(Object.values(ERRORS).map((error) => [error.code, error.status] as const))('explains %s (status %i) with a cause and a fix', (code, status) => {
    const row = rows.get(code);
    expect(row && { status: row.status, hasCause: row.cause.trim().length > 10, hasFix: row.fix.trim().length > 3 }).toEqual({
      status,
      hasCause: true,
      hasFix: true,
    });
  });
});
