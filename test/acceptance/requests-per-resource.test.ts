// Acceptance: how many requests Terraform's work costs the service, counted by a loopback proxy in
// front of it. A create answers with the state, so each further created resource costs one
// request (issue "Speed where users feel it", item 3); a no-change plan costs one per workspace.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { TerraformWorkdir, cleanupTerraform, requiredProviders } from '../helpers/terraform';
import { describeWith } from '../helpers/requirements';

const maybe = describeWith('terraform');
jest.setTimeout(300_000);

/** `count` workspaces named `prefix-N`, each with two tag bindings: three resources a workspace. */
function config(prefix: string, count: number): string {
  const binding = (key: string) => `resource "cdkws_tag_binding" "${key}" {
  count        = ${count}
  workspace_id = cdkws_workspace.w[count.index].id
  key          = "${key}"
  value        = "v\${count.index}"
}
`;
  return `${requiredProviders()}
provider "cdkws" {
  organization = "${ORG}"
}
resource "cdkws_workspace" "w" {
  count = ${count}
  name  = "${prefix}-\${count.index}"
}
${binding('team')}${binding('owner')}`;
}

/** Forwards every request to `target` and counts them. */
async function countingProxy(target: string): Promise<{ url: string; requests: number; close(): Promise<void> }> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    proxy.requests++;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
  return proxy;
}

maybe('requests per resource', () => {
  const service = useService();
  let proxy: Awaited<ReturnType<typeof countingProxy>>;

  beforeAll(async () => {
    proxy = await countingProxy(service.url);
  });
  afterAll(async () => {
    await proxy.close();
    cleanupTerraform();
  });

  /** Requests of an apply and then of a no-change plan of `count` workspaces with two bindings each. */
  async function counted(prefix: string, count: number): Promise<{ apply: number; plan: number }> {
    const tf = await TerraformWorkdir.create({ address: proxy.url, token: TOKENS.owner });
    tf.config(config(prefix, count));
    await tf.init();
    let before = proxy.requests;
    await tf.ok(['apply', '-auto-approve', '-input=false']);
    const apply = proxy.requests - before;
    before = proxy.requests;
    expect((await tf.plan()).code).toBe(0);
    return { apply, plan: proxy.requests - before };
  }

  it('costs one request for each further created resource, and one for each further workspace to plan no changes', async () => {
    const small = await counted('rpr-small', 2);
    const large = await counted('rpr-large', 5);
    // Three more workspaces with two bindings each: nine more resources, nine more requests.
    expect(large.apply - small.apply).toBe(9);
    // To refresh them: the list of each one's own bindings (its effective ones follow from it).
    expect(large.plan - small.plan).toBe(3);
    expect(large.plan / 15).toBeLessThan(0.6);
  });
});
