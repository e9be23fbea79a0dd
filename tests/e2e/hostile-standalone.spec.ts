import type { Page, Request } from '@playwright/test';
import {
  AVATAR_HOST,
  HOSTILE,
  HOSTILE_AVATARS,
  HOSTILE_BRANCH,
  HOSTILE_BUILD_ERROR,
  HOSTILE_COMMITS,
  HOSTILE_DOCKER_CARD,
  HOSTILE_ERROR,
  HOSTILE_ESCAPES,
  HOSTILE_LOG_LINES,
  HOSTILE_LOGINS,
  HOSTILE_PARAMS,
  HOSTILE_STAGE,
  HOSTILE_STEP,
  HOSTILE_TARGET,
  HOSTILE_TESTS_CARD,
  MARKUP_SLUG,
} from '../../fixtures/hostile-data';
import {
  CREDENTIALS_COMMIT,
  CREDENTIALS_SLUG,
  SPOOF_BRANCHES,
  SPOOF_BUILD_ERROR,
  SPOOF_COMMITS,
  SPOOF_CRON,
  SPOOF_LISTED_SLUGS,
  SPOOF_LOG_LINES,
  SPOOF_ORG_SECRET,
  SPOOF_SECRETS,
  SPOOF_SLUG,
  SPOOF_STAGE,
  SPOOF_STEP_ERROR,
  SPOOF_STEPS,
  SPOOF_TARGET,
  SPOOF_TEMPLATE,
  SPOOF_TESTS_CARD,
} from '../../fixtures/hostile-spoof';
import { searchText } from '../../src/logs/escapes';
import { showInvisibles } from '../../src/text/invisibles';
import { test as base, expect } from './fixtures';
import { expectInert, shown } from './hostileChecks';
import { HOSTILE_CONSOLE, HOSTILE_SERVER } from './servers';

// Issue 17: the hostile-data suite. The console runs in server mode (`DRONE_SERVER`, with the
// admin's `DRONE_TOKEN`) against the standalone mock Drone server on the `hostile` scenario, so
// every payload of fixtures/hostile-data.ts travels over HTTP as a real server would send it. On
// every screen: nothing runs (window.__pwned stays unset, no dialog opens), the page requests
// nothing but the console's and the server's origins (and avatars from their image host, without
// credentials), and each payload is visible as text, invisible characters as U+XXXX markers.

const CONSOLE_ORIGIN = new URL(HOSTILE_CONSOLE).origin;
const SERVER_ORIGIN = new URL(HOSTILE_SERVER).origin;
const AVATAR_ORIGIN = `https://${AVATAR_HOST}`;
/** A 1x1 PNG: what the avatar host answers. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Traffic {
  unexpected: string[];
  credentials: string[];
  dialogs: string[];
}

/** URL schemes that never reach the network (an image from `javascript:` loads nothing). */
const LOCAL_SCHEMES = ['data:', 'blob:', 'javascript:'];

/**
 * Where a request may go: the console, its server, and images from the avatar host. An image
 * whose URL never reaches the network fails to load and is harmless; a page or frame is not.
 */
function isExpected(request: Request): boolean {
  const url = new URL(request.url());
  if (LOCAL_SCHEMES.includes(url.protocol)) {
    return !['document', 'subdocument'].includes(request.resourceType());
  }
  if (url.origin === CONSOLE_ORIGIN || url.origin === SERVER_ORIGIN) return true;
  return url.origin === AVATAR_ORIGIN && request.resourceType() === 'image';
}

const test = base.extend<{ traffic: Traffic }>({
  baseURL: HOSTILE_CONSOLE,
  traffic: [
    async ({ page }, use) => {
      const traffic: Traffic = { unexpected: [], credentials: [], dialogs: [] };
      page.on('dialog', (dialog) => {
        traffic.dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!isExpected(request)) traffic.unexpected.push(`${request.resourceType()} ${url.href}`);
        if (url.username || url.password) traffic.credentials.push(url.href);
      });
      // Nothing leaves the machine: the avatar host answers with a pixel, anything else fails.
      await page.route(
        (url) => url.origin !== CONSOLE_ORIGIN && url.origin !== SERVER_ORIGIN,
        async (route) => {
          const request = route.request();
          const headers = await request.allHeaders();
          if (headers.authorization || headers.cookie) traffic.credentials.push(request.url());
          if (isExpected(request)) {
            await route.fulfill({ contentType: 'image/png', body: PIXEL });
          } else {
            await route.abort();
          }
        },
      );
      await use(traffic);
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
      expect(traffic.dialogs, 'dialogs opened').toEqual([]);
      expect(traffic.unexpected, 'requests to unexpected origins').toEqual([]);
      expect(traffic.credentials, 'credentials sent outside the server').toEqual([]);
    },
    { auto: true },
  ],
});

/** A screen of the console and the payloads it must show (log lines as the log shows them). */
interface Screen {
  name: string;
  path: string;
  texts?: readonly string[];
  logLines?: readonly string[];
  /** Runs after the page loaded, before the checks. */
  act?: (page: Page) => Promise<void>;
}

const XSS = '/hostile/xss';
const SPOOF = `/${SPOOF_SLUG}`;
const XSS_STEPS = { logs: `${XSS}/7/1/2`, error: `${XSS}/7/1/4` };

const SCREENS: Screen[] = [
  {
    name: 'dashboard: repository and organization names, latest messages',
    path: '/',
    texts: [...SPOOF_LISTED_SLUGS, MARKUP_SLUG, `${HOSTILE.svg}/tools`, HOSTILE_COMMITS[3]!],
  },
  {
    name: 'search drawer: a typed query and the names it finds',
    path: '/',
    texts: [`hostile/${HOSTILE.bidi}`, `Found "${HOSTILE.bidi}" in Repositories`],
    act: async (page) => {
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search repositories' }).fill(HOSTILE.bidi);
    },
  },
  {
    name: 'builds feed: slugs, messages, authors and branches',
    path: '/builds-feed',
    texts: [SPOOF_COMMITS[3]!, `${HOSTILE.tags} pushed to ${SPOOF_BRANCHES.bidi}`, HOSTILE.rtl],
  },
  {
    name: 'executions: messages, authors and branches',
    path: SPOOF,
    texts: [
      ...SPOOF_COMMITS,
      `${HOSTILE.wordJoiner} pushed`,
      SPOOF_BRANCHES.query,
      `${HOSTILE.softHyphen} promoted #1 to ${SPOOF_TARGET}`,
    ],
  },
  {
    name: 'branches',
    path: `${SPOOF}/branches`,
    texts: Object.values(SPOOF_BRANCHES),
  },
  {
    name: 'deployments: target and committer',
    path: `${SPOOF}/deployments`,
    texts: [SPOOF_TARGET, HOSTILE.softHyphen, SPOOF_COMMITS[2]!],
  },
  {
    name: 'build page: title, activity, stage, steps, runner and a log of terminal sequences',
    path: `${SPOOF}/1/1/1`,
    texts: [SPOOF_COMMITS[0]!, HOSTILE.tags, SPOOF_STAGE, ...Object.values(SPOOF_STEPS)],
    logLines: SPOOF_LOG_LINES,
  },
  {
    name: 'build page: a step error',
    path: `${SPOOF}/1/1/3`,
    texts: [SPOOF_STEP_ERROR],
  },
  {
    name: 'build page: a step whose name looks empty',
    path: `${SPOOF}/1/1/4`,
    logLines: [HOSTILE.rtl],
  },
  {
    name: 'graph view: the node lists',
    path: `${SPOOF}/1?view=graph`,
    texts: [SPOOF_STAGE, ...Object.values(SPOOF_STEPS)],
  },
  {
    name: 'card view: card texts',
    path: `${SPOOF}/1?view=card`,
    texts: [
      SPOOF_STEPS.cards,
      SPOOF_TESTS_CARD.Passed,
      SPOOF_TESTS_CARD.Failed,
      SPOOF_TESTS_CARD.Skipped,
      SPOOF_TESTS_CARD.Coverage,
      `${SPOOF_TESTS_CARD.Slowest[0]!.Name} - ${SPOOF_TESTS_CARD.Slowest[0]!.Duration}`,
    ],
  },
  {
    name: 'a build that failed to start: its error',
    path: `${SPOOF}/2`,
    texts: [SPOOF_COMMITS[1]!, SPOOF_BUILD_ERROR],
  },
  {
    name: 'a promotion',
    path: `${SPOOF}/3`,
    texts: [SPOOF_COMMITS[2]!, SPOOF_TARGET],
  },
  {
    name: 'secrets',
    path: `${SPOOF}/settings/secrets`,
    texts: SPOOF_SECRETS,
  },
  {
    name: 'organization secrets',
    path: `${SPOOF}/settings/org-secrets`,
    texts: [SPOOF_ORG_SECRET, HOSTILE.svg, HOSTILE.attribute],
  },
  {
    name: 'cron jobs',
    path: `${SPOOF}/settings/cron`,
    texts: [SPOOF_CRON.name, SPOOF_CRON.branch],
  },
  {
    name: 'templates',
    path: `${SPOOF}/settings/templates`,
    texts: [SPOOF_TEMPLATE, `${HOSTILE.img}.yaml`],
  },
  {
    name: 'markup repository: executions and branches',
    path: XSS,
    texts: [HOSTILE_COMMITS[1]!, `Branch ${HOSTILE.img}`, HOSTILE_BRANCH],
  },
  {
    name: 'markup repository: stage, step and a log of markup',
    path: XSS_STEPS.logs,
    texts: [HOSTILE_STAGE, HOSTILE_STEP],
    logLines: HOSTILE_LOG_LINES,
  },
  {
    name: 'markup repository: a step error',
    path: XSS_STEPS.error,
    texts: [HOSTILE_ERROR],
  },
  {
    name: 'markup repository: card texts',
    path: `${XSS}/7?view=card`,
    texts: [
      HOSTILE_TESTS_CARD.Passed,
      HOSTILE_TESTS_CARD.Failed,
      HOSTILE_TESTS_CARD.Skipped,
      HOSTILE_DOCKER_CARD.Repository,
      HOSTILE.bidi,
    ],
  },
  {
    name: 'markup repository: a build error and a deployment',
    path: `${XSS}/8`,
    texts: [HOSTILE_BUILD_ERROR, HOSTILE_COMMITS[3]!],
  },
  {
    name: 'markup repository: promoted with parameters',
    path: `${XSS}/5`,
    texts: [HOSTILE_TARGET],
  },
  {
    name: 'build parameters, echoed by the params step',
    path: `${XSS}/9/1/3`,
    logLines: Object.entries(HOSTILE_PARAMS).map(([key]) => `+ echo $${key}`),
    texts: Object.values(HOSTILE_PARAMS),
  },
  {
    name: 'users: logins',
    path: '/settings/users',
    texts: HOSTILE_LOGINS,
  },
  {
    name: 'sign-in error: the message from the query string',
    path: `/login/error?message=${encodeURIComponent(`${HOSTILE.percent} ${HOSTILE.crlf}`)}`,
    texts: [`${HOSTILE.percent} ${HOSTILE.crlf}`],
  },
  {
    name: 'a path of payloads: not found',
    path: `/${encodeURIComponent(HOSTILE.img)}/${encodeURIComponent(HOSTILE.bidi)}`,
    texts: ['We are sorry, the resource you requested cannot be found.'],
  },
];

/** Every payload of the three catalogues, and whether a screen above shows it. */
test('every payload of the scenario is checked on a screen (at least 40)', () => {
  const checked = SCREENS.flatMap((screen) => [
    ...(screen.texts ?? []),
    ...(screen.logLines ?? []),
  ]);
  const payloads = [...Object.values(HOSTILE), ...Object.values(HOSTILE_ESCAPES)];
  expect(payloads.length + Object.keys(HOSTILE_AVATARS).length).toBeGreaterThanOrEqual(40);
  const unchecked = payloads.filter((payload) => !checked.some((text) => text.includes(payload)));
  expect(unchecked).toEqual([]);
});

for (const screen of SCREENS) {
  test(screen.name, async ({ page }) => {
    await page.goto(screen.path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await screen.act?.(page);
    const logTexts = (screen.logLines ?? []).map((line) => searchText(line));
    await expectInert(page, [...(screen.texts ?? []), ...logTexts.filter((text) => text !== '')]);
  });
}

test('avatars: each shows its image from the avatar host or the fallback initial', async ({
  page,
}) => {
  await page.goto('/settings/users');
  const avatarOf = (login: string) =>
    page
      .getByTestId('user-row')
      .filter({ has: page.locator('td:nth-child(2)').getByText(shown(login), { exact: true }) })
      .getByTestId('avatar');
  // The host's image loads; script, HTML and a broken attribute fall back (credentials: below).
  await expect(avatarOf('admin').locator('img')).toHaveJSProperty('naturalWidth', 1);
  for (const [login, avatar] of [
    [HOSTILE_LOGINS[0]!, HOSTILE_AVATARS.attribute],
    [HOSTILE_LOGINS[2]!, HOSTILE_AVATARS.dataHtml],
    ['member', HOSTILE_AVATARS.javascriptUrl],
  ] as const) {
    const fallback = avatarOf(login).locator('[role="img"]');
    await expect(fallback, avatar).toBeVisible();
    await expect(fallback).toHaveAttribute('aria-label', showInvisibles(login));
  }
  await expectInert(page, []);
});

test('an avatar URL with credentials is never requested: the fallback shows (issue 17, item 5)', async ({
  page,
}) => {
  await page.goto(`/${CREDENTIALS_SLUG}`);
  const row = page.getByTestId('execution').filter({ hasText: CREDENTIALS_COMMIT });
  await expect(row.getByTestId('avatar').locator('[role="img"]')).toBeVisible();
  await expect(page.locator(`img[src="${HOSTILE_AVATARS.credentials}"]`)).toHaveCount(0);
  await expectInert(page, [CREDENTIALS_COMMIT]);
});
