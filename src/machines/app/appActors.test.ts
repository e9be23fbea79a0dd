import { afterEach, describe, expect, it } from 'vitest';
import { machineRegistry } from '../devtools/registry';
import { themeActor } from '../shell/theme.machine';
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
import { sessionMachine } from '../shell/session.machine';
import { APP_ACTORS, endUserActors, runningAppActorNames } from './appActors';

// The one list of app-wide actors (appActors.ts). Signing out ends the signed-in user's: no
// shortcut works on the login page, nothing pressed there opens at the next sign-in, no list of
// the previous user stays; the app's own (theme, language, toasts...) go on.

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

describe('the app-wide actors', () => {
  it('starts each once, on first use, named as listed', () => {
    const theme = themeActor();
    expect(themeActor()).toBe(theme);
    expect(theme.id).toBe('theme');
    expect(runningAppActorNames()).toContain('theme');
    // Every name is its machine's id: the machines page draws its chart from the list.
    for (const name of Object.keys(APP_ACTORS)) {
      expect(machineRegistry.find((entry) => entry.id === name)).toBeDefined();
    }
  });

  it("ends the user's actors at sign-out and keeps the app's", () => {
    const theme = themeActor();
    const palette = paletteActor();
    endUserActors();
    expect(palette.getSnapshot().status).toBe('stopped');
    expect(theme.getSnapshot().status).toBe('active');
    expect(runningAppActorNames()).toEqual(['theme']);
  });
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
