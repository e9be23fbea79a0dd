import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { serverOrigin } from '../../config';
import { badgeMachine, badgeSnippet, selectBadgeImage, selectSnippet } from './badge.machine';

const repo = { namespace: 'octocat', name: 'hello-world' };
const origin = serverOrigin();

describe('badge snippets (docs/spec.md 2.12, 7.6)', () => {
  it('builds the Markdown snippet with absolute URLs', () => {
    expect(badgeSnippet(repo, { syntax: 'markdown', branch: '' })).toBe(
      `[![Build Status](${origin}/api/badges/octocat/hello-world/status.svg)](${origin}/octocat/hello-world)`,
    );
  });

  it('filters by the trimmed branch', () => {
    expect(badgeSnippet(repo, { syntax: 'markup', branch: '  main ' })).toBe(
      `<a href="${origin}/octocat/hello-world"><img src="${origin}/api/badges/octocat/hello-world/status.svg?ref=refs/heads/main" /></a>`,
    );
  });

  it('shows the ref plainly, encoding only what a query cannot hold', () => {
    expect(badgeSnippet(repo, { syntax: 'markdown', branch: 'feature/a b#1&x' })).toBe(
      `[![Build Status](${origin}/api/badges/octocat/hello-world/status.svg?ref=refs/heads/feature/a%20b%231%26x)](${origin}/octocat/hello-world)`,
    );
  });

  it('gives the CCMenu feed', () => {
    expect(badgeSnippet(repo, { syntax: 'cc', branch: 'main' })).toBe(
      `${origin}/api/badges/octocat/hello-world/cc.xml`,
    );
  });

  it('follows the options through the machine', () => {
    const actor = createActor(badgeMachine, { input: { repo } }).start();
    expect(selectSnippet(actor.getSnapshot())).toContain('[![Build Status]');
    actor.send({ type: 'badge.branch', branch: 'dev' });
    actor.send({ type: 'badge.syntax', syntax: 'markup' });
    expect(selectSnippet(actor.getSnapshot())).toMatch(/^<a href=.*ref=refs\/heads\/dev"/);
    expect(selectBadgeImage(actor.getSnapshot())).toBe(
      `${origin}/api/badges/octocat/hello-world/status.svg?ref=refs/heads/dev`,
    );
  });
});
