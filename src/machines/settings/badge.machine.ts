import { assign, setup, type SnapshotFrom } from 'xstate';
import { badgePath, ccMenuPath, type RepoRef } from '../../api/repos';
import { serverOrigin } from '../../config';

// docs/spec.md 2.12 badges: the syntax and branch options, and the snippet they produce with the
// server's absolute URLs (docs/spec.md 7.6).

export const BADGE_SYNTAXES = [
  { value: 'markdown', label: 'Markdown' },
  { value: 'markup', label: 'Markup' },
  { value: 'cc', label: 'CCMenu' },
] as const;

export type BadgeSyntax = (typeof BADGE_SYNTAXES)[number]['value'];

export interface BadgeOptions {
  syntax: BadgeSyntax;
  branch: string;
}

/** The badge image; the branch is trimmed and empty means no ref filter (docs/spec.md 5). */
export const badgeImageUrl = (repo: RepoRef, branch: string) =>
  `${serverOrigin()}${badgePath(repo, branch)}`;

export function badgeSnippet(repo: RepoRef, { syntax, branch }: BadgeOptions): string {
  const image = badgeImageUrl(repo, branch);
  const page = `${serverOrigin()}/${repo.namespace}/${repo.name}`;
  switch (syntax) {
    case 'markdown':
      return `[![Build Status](${image})](${page})`;
    case 'markup':
      return `<a href="${page}"><img src="${image}" /></a>`;
    case 'cc':
      return `${serverOrigin()}${ccMenuPath(repo)}`;
  }
}

export const badgeMachine = setup({
  types: {
    context: {} as BadgeOptions & { repo: RepoRef },
    input: {} as { repo: RepoRef },
    events: {} as
      { type: 'badge.syntax'; syntax: BadgeSyntax } | { type: 'badge.branch'; branch: string },
  },
}).createMachine({
  id: 'badge',
  context: ({ input }) => ({ repo: input.repo, syntax: 'markdown', branch: '' }),
  on: {
    'badge.syntax': { actions: assign({ syntax: ({ event }) => event.syntax }) },
    'badge.branch': { actions: assign({ branch: ({ event }) => event.branch }) },
  },
});

type BadgeSnapshot = SnapshotFrom<typeof badgeMachine>;

export const selectBadgeOptions = (snapshot: BadgeSnapshot) => snapshot.context;
export const selectSnippet = (snapshot: BadgeSnapshot) =>
  badgeSnippet(snapshot.context.repo, snapshot.context);
export const selectBadgeImage = (snapshot: BadgeSnapshot) =>
  badgeImageUrl(snapshot.context.repo, snapshot.context.branch);
