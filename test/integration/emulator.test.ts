// Emulator controls under /_emulator — architecture "Emulator controls"; decision 15. Resource
// counts and state versions are no longer set here: they come from real states (issue 33).
import { TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';

const service = useService();

const emulator = (method: string, path: string, body?: unknown, token: string | null = TOKENS.emulator) =>
  service.request(method, `/_emulator${path}`, { token, body });

describe('notifications', () => {
  it('lists notifications as {"data": [...]}', async () => {
    const response = await emulator('GET', '/notifications');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.data)).toBe(true);
  });
});

describe('retired controls', () => {
  it('no longer sets resource counts or adds state versions: a state version does that', async () => {
    const ws = await createWorkspace(service);
    expect((await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 1 })).status).toBe(404);
    expect((await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false })).status).toBe(404);
    expect((await emulator('POST', '/state-versions/sv-anything/finalize')).status).toBe(404);
  });
});

describe('access to the controls', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a workspace admin', TOKENS.admin],
  ])('refuses %s, whose token is not an emulator admin token', async (_label, token) => {
    const notifications = await emulator('GET', '/notifications', undefined, token);
    expect([401, 403, 404]).toContain(notifications.status);
  });

  it('answers 401 without a token', async () => {
    expect((await emulator('GET', '/notifications', undefined, null)).status).toBe(401);
  });

  it('answers an unknown control with 404', async () => {
    expect((await emulator('POST', '/explode', {})).status).toBe(404);
  });
});
