import type { BrowserContext, CDPSession, Page } from '@playwright/test';

// The page's requests as Chromium's network stack saw them (DevTools protocol), including those
// of its workers: a dedicated worker's request is announced on the page's session and answered on
// the worker's, which Playwright's own request events do not join up. Times are milliseconds from
// the page's navigation start (performance.timeOrigin).

export interface RequestTimes {
  url: string;
  /** When the browser sent it. */
  start: number;
  /** When its last byte arrived (NaN until then). */
  lastByte: number;
}

interface Pending {
  url: string;
  startTick: number;
  lastTick: number;
}

export interface NetworkWatch {
  /** Every request seen so far, in the order they were sent. */
  requests(): Promise<RequestTimes[]>;
}

type Message = { method?: string; params?: Record<string, unknown> };

/** Starts watching before the page navigates (workers are paused until watched too). */
export async function watchNetwork(context: BrowserContext, page: Page): Promise<NetworkWatch> {
  const session = await context.newCDPSession(page);
  const pending = new Map<string, Pending>();
  // Network timestamps are seconds of a monotonic clock; requestWillBeSent pairs one with the
  // wall clock, which is what the page's timeOrigin is measured in.
  let wallMinusTick = Number.NaN;
  const onNetwork = ({ method, params }: Message) => {
    if (!method || !params) return;
    const id = params.requestId as string;
    const tick = (params.timestamp as number) * 1000;
    if (method === 'Network.requestWillBeSent') {
      wallMinusTick = (params.wallTime as number) * 1000 - tick;
      const { url, method: verb } = params.request as { url: string; method: string };
      // A CORS preflight is not the request it asks for.
      if (verb === 'OPTIONS') pending.set(id, { url: '', startTick: tick, lastTick: Number.NaN });
      else if (!pending.has(id)) pending.set(id, { url, startTick: tick, lastTick: Number.NaN });
    } else if (method === 'Network.responseReceived' && !pending.has(id)) {
      // A worker's request whose announcement went to a session that was not listening yet.
      const response = params.response as { url: string; timing?: { requestTime: number } };
      const startTick = (response.timing?.requestTime ?? Number.NaN) * 1000;
      pending.set(id, { url: response.url, startTick, lastTick: Number.NaN });
    } else if (method.startsWith('Network.data') || method.startsWith('Network.loading')) {
      // A body too big for DevTools to keep ends in loadingFailed, when its last byte arrived.
      const request = pending.get(id);
      if (request && !(request.lastTick > tick)) request.lastTick = tick;
    }
  };
  for (const method of [
    'Network.requestWillBeSent',
    'Network.responseReceived',
    'Network.dataReceived',
    'Network.loadingFinished',
    'Network.loadingFailed',
  ] as const) {
    session.on(method, (params) =>
      onNetwork({ method, params: params as Record<string, unknown> }),
    );
  }
  await attachWorkers(session, onNetwork);
  await session.send('Network.enable');
  return {
    async requests() {
      const origin = await page.evaluate(() => performance.timeOrigin);
      const sent = [...pending.values()].filter(({ url }) => url !== '');
      return sent.map(({ url, startTick, lastTick }) => ({
        url,
        start: startTick + wallMinusTick - origin,
        lastByte: lastTick + wallMinusTick - origin,
      }));
    },
  };
}

/** Watches the network of every worker the page starts, before its script runs. */
async function attachWorkers(session: CDPSession, onNetwork: (message: Message) => void) {
  let id = 1;
  // Non-flat sessions: Playwright's CDPSession only relays messages of its own session id.
  const sendTo = (sessionId: string, method: string) =>
    session.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: id++, method }),
    });
  session.on('Target.attachedToTarget', ({ sessionId }) => {
    void (async () => {
      await sendTo(sessionId, 'Network.enable');
      await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
    })().catch(() => undefined); // The page closed meanwhile.
  });
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    onNetwork(JSON.parse(message) as Message);
  });
  await session.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });
}
