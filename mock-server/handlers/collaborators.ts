// Collaborators (docs/drone-api.md 3.11 and 4.3): the repository's permission rows with their users.
import { db } from '../db';
import { noRows } from '../errors';
import { repoAccess } from '../guards';
import { api, json, noContent } from '../http';
import { serializePerm, type PermRow, type RepoRow } from '../serialize';
import { byKey, findUser } from './lookup';

function memberPerm(repo: RepoRow, login: string | undefined): PermRow {
  const user = findUser(login ?? '');
  const perm = db.perm.findFirst({
    where: { user_id: { equals: user.id }, repo_id: { equals: repo.id } },
  });
  if (!perm) throw noRows();
  return perm;
}

export const collaboratorHandlers = [
  // repo_id is the repository's SCM uid here (a string), as in Drone's Collaborator type.
  api('GET', '/repos/:owner/:name/collaborators', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const rows = db.perm.findMany({ where: { repo_id: { equals: repo.id } } }).flatMap((perm) => {
      const user = db.user.findFirst({ where: { id: { equals: perm.user_id } } });
      return user ? [{ perm, user }] : [];
    });
    return json(
      rows.sort(byKey(({ user }) => user.login)).map(({ perm, user }) => ({
        user_id: user.id,
        repo_id: repo.uid,
        login: user.login,
        avatar: user.avatar,
        read: perm.read,
        write: perm.write,
        admin: perm.admin,
        synced: perm.synced,
        created: perm.created,
        updated: perm.updated,
      })),
    );
  }),

  api('GET', '/repos/:owner/:name/collaborators/:member', (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    return json(serializePerm(memberPerm(repo, ctx.params.member)));
  }),

  api('DELETE', '/repos/:owner/:name/collaborators/:member', (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    const perm = memberPerm(repo, ctx.params.member);
    db.perm.delete({ where: { id: { equals: perm.id } } });
    return noContent();
  }),
];
