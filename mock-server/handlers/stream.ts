// Server-sent events (docs/drone-api.md 4.9 and 5; handler/api/events/*.go): repository events on
// /api/stream and /api/stream/{owner}/{name}, one step's log lines on .../{build}/{stage}/{step}.
import { HttpResponse } from 'msw';
import type { Repository } from '../../src/api/types';
import { repoAccess, viewer } from '../guards';
import { api, type Ctx } from '../http';
import { runtime } from '../runtime';
import { logLineStream, repositoryEventStream, sseHeaders } from '../streams';
import { reposOfUser, stepFromPath } from './lookup';

function sse(ctx: Ctx, body: ReadableStream<Uint8Array>): Response {
  return new HttpResponse(body, { headers: sseHeaders(ctx.request.headers.get('origin')) });
}

/**
 * global.go: public repositories for everyone, internal ones for any signed-in user, others only
 * when the repository was in the caller's list (any perm row) at connect time.
 */
function globalFilter(ctx: Ctx): (event: Repository) => boolean {
  const user = viewer(ctx);
  const access = new Set(user ? reposOfUser(user.id).map((repo) => repo.slug) : []);
  return (event) =>
    event.visibility === 'public' ||
    (event.visibility === 'internal' && user !== undefined) ||
    access.has(event.slug);
}

export const streamHandlers = [
  api('GET', '/stream', (ctx) => {
    const { clock, bus } = runtime();
    const filter = globalFilter(ctx);
    return sse(ctx, repositoryEventStream({ clock, bus, request: ctx.request, filter }));
  }),

  // build.go: the repository guard, then the same events filtered to this slug.
  api('GET', '/stream/:owner/:name', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const { clock, bus } = runtime();
    const filter = (event: Repository) => event.slug === repo.slug;
    return sse(ctx, repositoryEventStream({ clock, bus, request: ctx.request, filter }));
  }),

  // logs.go: 400 for a bad number and sql404 for a missing build/stage/step before streaming;
  // a step without a live stream answers `: ping` + eof at once.
  api('GET', '/stream/:owner/:name/:build/:stage/:step', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const { step } = stepFromPath(repo, ctx.params, 'build');
    const { clock, logs } = runtime();
    return sse(ctx, logLineStream({ clock, logs, stepId: step.id, request: ctx.request }));
  }),
];
