// @vitest-environment node
// The fault spec parser, its seeded decisions, and the faults as a client sees them through the
// real handler list (setupServer over the same handlers the browser and standalone server use).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createInjector,
  dropStreamAfter,
  FaultSpecError,
  firedFaults,
  parseFaults,
  setFaults,
  type FaultDecision,
} from './faults';
import { createNodeServer, resetMockDb } from './node';
import { runtime } from './runtime';
import { db, newId } from './db';
import { createLiveLogs } from './streams';
import { addBuild, addRepo, addUser, call, fakeRuntime, grant } from './testkit';

describe('parseFaults', () => {
  it('reads method, pattern, fault, rate and times', () => {
    const plan = parseFaults(
      'seed=7,GET /api/repos/*:500:0.5,*/builds/*:latency=2000,/api/stream*:drop=5:times=3',
    );
    expect(plan).toEqual({
      seed: 7,
      rules: [
        {
          method: 'GET',
          pattern: '/api/repos/*',
          fault: { kind: 'status', status: 500, message: 'Internal Server Error' },
          rate: 0.5,
        },
        { pattern: '*/builds/*', fault: { kind: 'latency', ms: 2000 }, rate: 1 },
        { pattern: '/api/stream*', fault: { kind: 'drop', after: 5 }, rate: 1, times: 3 },
      ],
    });
  });

  it('reads every fault kind, percent-decoded messages and percentage rates', () => {
    const faults = parseFaults(
      '/a:503=Disk%20full%2C%20sorry,/b:bare=500,/c:html,/d:html=504,/e:truncate,/f:network:25%',
    )!.rules.map((rule) => [rule.fault, rule.rate]);
    expect(faults).toEqual([
      [{ kind: 'status', status: 503, message: 'Disk full, sorry' }, 1],
      [{ kind: 'status', status: 500, message: null }, 1],
      [{ kind: 'html', status: 502 }, 1],
      [{ kind: 'html', status: 504 }, 1],
      [{ kind: 'truncate' }, 1],
      [{ kind: 'network' }, 0.25],
    ]);
  });

  it('treats an empty spec and "off" as no faults', () => {
    expect(parseFaults('')).toBeNull();
    expect(parseFaults(' , ')).toBeNull();
    expect(parseFaults('off')).toBeNull();
  });

  it.each([
    ['api/user:500', 'the pattern must start with "/" or "*"'],
    ['/api/user', 'no fault after the pattern'],
    ['/api/user:200', '"200" is not an error status (400-599)'],
    ['/api/user:explode', 'unknown fault "explode"'],
    ['/api/user:500:1.5', '"1.5" is not a rate between 0 and 1'],
    ['/api/user:latency=soon', 'latency must be a whole number'],
    ['/api/user:500:times=x', 'times must be a whole number'],
  ])('rejects %s', (spec, reason) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(reason);
  });

  it('derives a seed from the spec when none is given', () => {
    expect(parseFaults('/a:500')!.seed).toBe(parseFaults('/a:500')!.seed);
    expect(parseFaults('/a:500')!.seed).not.toBe(parseFaults('/b:500')!.seed);
  });
});

describe('createInjector', () => {
  const run = (spec: string, requests: number, path = '/api/user') => {
    const injector = createInjector(parseFaults(spec)!);
    return Array.from({ length: requests }, () => injector.decide('GET', path));
  };
  const kinds = (decisions: FaultDecision[]) => decisions.map((d) => d.fault?.kind ?? '-');

  it('matches the glob against the whole path and the method when given', () => {
    const injector = createInjector(parseFaults('POST /api/repos/*/builds:network')!);
    expect(injector.decide('POST', '/api/repos/acme/api/builds').fault).toEqual({
      kind: 'network',
    });
    expect(injector.decide('GET', '/api/repos/acme/api/builds').fault).toBeUndefined();
    expect(injector.decide('POST', '/api/repos/acme/api/builds/3').fault).toBeUndefined();
  });

  it('gives the same faults for the same seed, and about the rate of them', () => {
    const first = kinds(run('seed=42,/api/*:500:0.3', 200));
    expect(kinds(run('seed=42,/api/*:500:0.3', 200))).toEqual(first);
    expect(kinds(run('seed=43,/api/*:500:0.3', 200))).not.toEqual(first);
    const failures = first.filter((kind) => kind === 'status').length;
    expect(failures).toBeGreaterThan(35);
    expect(failures).toBeLessThan(85);
  });

  it('fires a rule at most `times` times, then lets requests through', () => {
    expect(kinds(run('/api/user:html:times=2', 4))).toEqual(['html', 'html', '-', '-']);
  });

  it('adds up latencies and keeps the first other fault that fires', () => {
    const [decision] = run('/api/*:latency=100,*user:bare=500,/api/user:network,*:latency=5', 1);
    expect(decision).toMatchObject({
      latency: 105,
      fault: { kind: 'status', status: 500, message: null },
    });
  });
});

describe('dropStreamAfter', () => {
  const encoder = new TextEncoder();
  const source = (chunks: string[], onCancel = () => undefined) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
      cancel: onCancel,
    });
  const event = (pos: number) => `data: {"pos":${pos}}\n\n\n`;

  it('passes events through and hangs up without eof after N data events', async () => {
    let cancelled = false;
    const chunks = [': ping\n\n', event(0), event(1), event(2), 'event: error\ndata: eof\n\n'];
    const stream = dropStreamAfter(
      source(chunks, () => void (cancelled = true)),
      2,
    );
    expect(await new Response(stream).text()).toBe(`: ping\n\n${event(0)}${event(1)}`);
    expect(cancelled).toBe(true);
  });

  it('does not count events it already sent on an earlier connection (a replayed history)', async () => {
    const sent = new Set<number>();
    const first = dropStreamAfter(source([event(0), event(1), event(2)]), 2, sent);
    expect(await new Response(first).text()).toBe(event(0) + event(1));
    const replay = [event(0), event(1), event(2), event(3), event(4)];
    const second = dropStreamAfter(source(replay), 2, sent);
    expect(await new Response(second).text()).toBe(event(0) + event(1) + event(2) + event(3));
  });

  it('passes a stream that ends before N events through with its eof', async () => {
    const chunks = [event(0), 'event: error\ndata: eof\n\n'];
    expect(await new Response(dropStreamAfter(source(chunks), 5)).text()).toBe(chunks.join(''));
  });
});

describe('faults through the handlers', () => {
  const server = createNodeServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => setFaults(null));

  let admin: ReturnType<typeof addUser>;
  beforeEach(() => {
    resetMockDb();
    fakeRuntime();
    admin = addUser('root', { admin: true });
    grant(admin, addRepo('acme/api'), 'admin');
  });

  const answer = async (path: string) => {
    const response = await call(path, { as: admin });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };

  it('answers normally while no fault is on', async () => {
    expect((await answer('/api/user')).status).toBe(200);
  });

  it('sends JSON errors with and without a message', async () => {
    setFaults('/api/user:503=Maintenance,/api/user/repos:bare=500');
    expect(await answer('/api/user')).toEqual({
      status: 503,
      type: 'application/json',
      body: '{"message":"Maintenance"}\n',
    });
    expect(await answer('/api/user/repos')).toEqual({ status: 500, type: null, body: '' });
  });

  it('sends an HTML error page, truncated JSON, or no answer at all', async () => {
    setFaults('/api/user:html,/api/user/repos:truncate,/api/repos/*:network');
    const html = await answer('/api/user');
    expect(html.status).toBe(502);
    expect(html.type).toBe('text/html');
    expect(html.body).toContain('<h1>502 Bad Gateway</h1>');
    const repos = await answer('/api/user/repos');
    expect(repos.status).toBe(200);
    expect(() => JSON.parse(repos.body) as unknown).toThrow();
    expect(repos.body.startsWith('[{"id":')).toBe(true);
    await expect(call('/api/repos/acme/api', { as: admin })).rejects.toThrow();
  });

  it('delays answers by the latency', async () => {
    setFaults('/api/user:latency=120');
    const started = performance.now();
    expect((await answer('/api/user')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('never touches paths outside /api', async () => {
    setFaults('*:500');
    expect((await call('/version')).status).toBe(200);
    expect((await answer('/api/user')).status).toBe(500);
  });

  it('drops a live log stream mid-way without eof', async () => {
    const logs = createLiveLogs();
    Object.assign(runtime(), { logs });
    const repo = db.repo.findFirst({ where: { slug: { equals: 'acme/api' } } })!;
    const build = addBuild(repo);
    const stage = db.stage.create({ id: newId(), build_id: build.id, number: 1 });
    const step = db.step.create({ id: newId(), step_id: stage.id, number: 1 });
    logs.open(step.id);
    for (let pos = 0; pos < 5; pos++) logs.append(step.id, { pos, out: `${pos}\n`, time: 0 });
    setFaults('/api/stream/*:drop=3');
    const text = (await answer('/api/stream/acme/api/1/1/1')).body;
    expect(text.match(/^data:/gm)).toHaveLength(3);
    expect(text).not.toContain('eof');
    // The reconnection replays 0-2 uncounted, then drops after 3 new lines.
    logs.append(step.id, { pos: 5, out: '5\n', time: 0 });
    const again = (await answer('/api/stream/acme/api/1/1/1')).body;
    expect(again.match(/"pos":\d+/g)).toEqual([0, 1, 2, 3, 4, 5].map((pos) => `"pos":${pos}`));
    expect(firedFaults()).toEqual([2]);
  });
});
