// Badges (docs/drone-api.md 4.4 and 7): status.svg (no guard, never fails) and the CCMenu feed at
// /api/badges/{o}/{n}/cc.xml, Drone's only cc.xml route (/{o}/{n}/cc.xml is the SPA's).
import { db } from '../db';
import { findRepo, repoAccess } from '../guards';
import { api, respond, type Ctx } from '../http';
import { unixNow } from '../input';
import type { BuildRow, RepoRow } from '../serialize';
import { latestBuild } from './lookup';

function badge(width: number, color: string, label: string, x: number): string {
  const right = width - 37;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20"><linearGradient id="a" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<rect rx="3" width="${width}" height="20" fill="#555"/><rect rx="3" x="37" width="${right}" height="20" fill="${color}"/><path fill="${color}" d="M37 0h4v20h-4z"/><rect rx="3" width="${width}" height="20" fill="url(#a)"/>` +
    `<g fill="#fff" text-anchor="middle" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" font-size="11"><text x="19.5" y="15" fill="#010101" fill-opacity=".3">build</text><text x="19.5" y="14">build</text>` +
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${label}</text><text x="${x}" y="14">${label}</text></g></svg>`
  );
}

const BADGES = {
  none: badge(75, '#9f9f9f', 'none', 55),
  started: badge(87, '#dfb317', 'started', 61),
  success: badge(91, '#4c1', 'success', 63),
  error: badge(76, '#9f9f9f', 'error', 55.5),
  failure: badge(83, '#e05d44', 'failure', 59),
};

function badgeFor(build: BuildRow | undefined): string {
  if (!build) return BADGES.none;
  if (['pending', 'running', 'blocked'].includes(build.status)) return BADGES.started;
  if (build.status === 'success') return BADGES.success;
  if (build.status === 'error') return BADGES.error;
  return BADGES.failure;
}

/** Go's time.Format(time.RFC3339) in UTC (the mock server's time zone). */
const rfc3339 = (seconds: number) =>
  new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** encoding/xml attribute escaping (EscapeText with newlines escaped). */
const XML_ESCAPES: Record<string, string> = {
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const xmlAttr = (text: string) => text.replace(/["'&<>\t\n\r]/g, (c) => XML_ESCAPES[c] ?? c);

function ccProject(repo: RepoRow, build: BuildRow, link: string): string {
  const running = ['pending', 'running', 'blocked'].includes(build.status);
  const status: Record<string, string> = {
    success: 'Success',
    failure: 'Failure',
    error: 'Exception',
    killed: 'Exception',
    declined: 'Exception',
  };
  const attrs: Array<[string, string]> = [
    ['name', repo.slug],
    ['activity', running ? 'Building' : 'Sleeping'],
    ['lastBuildStatus', status[build.status] ?? 'Unknown'],
    ['lastBuildLabel', running ? 'Unknown' : String(build.number)],
    ['lastBuildTime', running ? '' : rfc3339(build.started)],
    ['webUrl', link],
  ];
  const rendered = attrs.map(([key, value]) => `${key}="${xmlAttr(value)}"`).join(' ');
  return `<Projects><Project ${rendered}></Project></Projects>`;
}

/** cc.xml: guarded like a repo read; a missing last build is 404 with an empty body. */
function ccxml(ctx: Ctx): Response {
  const { repo } = repoAccess(ctx, 'read');
  const build = db.build.findFirst({
    where: { repo_id: { equals: repo.id }, number: { equals: repo.counter } },
  });
  if (!build) return respond(null, { status: 404 });
  const link = `${ctx.url.origin}/${ctx.params.owner}/${ctx.params.name}/${build.number}`;
  return respond(ccProject(repo, build, link), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export const badgeHandlers = [
  api('GET', '/badges/:owner/:name/status.svg', (ctx) => {
    const branch = ctx.url.searchParams.get('branch');
    let ref = branch ? `refs/heads/${branch}` : (ctx.url.searchParams.get('ref') ?? '');
    const repo = findRepo(ctx.params.owner ?? '', ctx.params.name ?? '');
    if (repo && ref === '') ref = `refs/heads/${repo.default_branch}`;
    const build = repo ? latestBuild(repo.id, ref) : undefined;
    return respond(badgeFor(build), {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate, value',
        Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
        'Last-Modified': new Date(unixNow() * 1000).toUTCString(),
      },
    });
  }),
  api('GET', '/badges/:owner/:name/cc.xml', ccxml),
];
