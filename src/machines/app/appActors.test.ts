import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { makeRepo, makeUser } from '../../../tests/factories';
import { ApiError } from '../../api/client';
import type { Repository, User } from '../../api/types';
import {
  notificationsActor,
  notificationsMachine,
  resetNotificationsActor,
} from '../notifications/notifications.machine';
import { paletteActor, resetPaletteActor, selectIsPaletteOpen } from '../palette/palette.machine';
import {
  resetSearchActor,
  searchActor,
  searchMachine,
  selectRepos,
} from '../palette/search.machine';
import { sessionMachine } from './session.machine';

// Signing out ends the signed-in user's app-wide actors (userScope.ts): no shortcut works on the
// login page, nothing pressed there opens at the next sign-in, no list of the previous user stays.

const pressSlash = () =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));

/** A session whose user calls answer `answers` in turn (a user, or a 401). */
function session(answers: Array<User | ApiError>) {
  const fetchUser = fromPromise<User>(async () => {
    const answer = answers.shift()!;
    if (answer instanceof ApiError) throw answer;
    return answer;
  });
  return createActor(sessionMachine.provide({ actors: { fetchUser } })).start();
}

afterEach(() => {
  resetPaletteActor();
  resetSearchActor();
  resetNotificationsActor();
});

describe('signing out', () => {
  it("stops the palette's keys, the search list and the notifications of the user", async () => {
    const repos: Repository[] = [makeRepo({ slug: 'octocat/hello-world' })];
    resetSearchActor(
      searchMachine.provide({ actors: { fetchRepos: fromPromise(async () => repos) } }),
    );
    resetNotificationsActor(notificationsMachine, () => ({
      supported: false,
      permission: 'default',
    }));
    const actor = session([makeUser({ login: 'octocat' })]);
    await waitFor(actor, (s) => s.matches('signedIn'));
    const palette = paletteActor();
    pressSlash();
    expect(selectIsPaletteOpen(palette.getSnapshot())).toBe(true);
    await waitFor(searchActor(), (s) => selectRepos(s).length === 1);
    const notifications = notificationsActor();
    notifications.send({
      type: 'notifications.watch',
      id: 'page',
      scope: { namespace: 'octocat', name: 'hello-world' },
    });

    actor.send({ type: 'session.signedOut' });
    expect(palette.getSnapshot().status).toBe('stopped');
    expect(notifications.getSnapshot().status).toBe('stopped');
    // '/' on the login page: nothing listens, nothing is remembered for the next sign-in.
    pressSlash();
    expect(selectIsPaletteOpen(paletteActor().getSnapshot())).toBe(false);
    expect(selectRepos(searchActor().getSnapshot())).toEqual([]);
    expect(notificationsActor().getSnapshot().context.watched).toEqual({});
  });

  it('a session that ends with a 401 ends them too', async () => {
    const actor = session([makeUser({ login: 'octocat' }), new ApiError(401, 'Unauthorized')]);
    await waitFor(actor, (s) => s.matches('signedIn'));
    const palette = paletteActor();
    actor.send({ type: 'session.reload' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(palette.getSnapshot().status).toBe('stopped');
  });
});
