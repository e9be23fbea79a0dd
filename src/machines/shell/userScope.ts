// The app-wide actors that belong to the signed-in user (the palette and its key listener, the
// machine that takes the palette's keys until its code has loaded (paletteKeys.machine.ts), the
// search drawer's list, build notifications) end with the session (docs/spec.md 2.11): after a
// sign-out no shortcut works on the login page, nothing pressed there is remembered at the next
// sign-in, and nothing of the previous user (recent builds, watched builds) is kept.

const forgets = new Set<() => void>();

/** A shared actor's module calls this when it starts its actor: `forget` stops and drops it. */
export function endWithSession(forget: () => void): void {
  forgets.add(forget);
}

/** The session ended: every user's actor stops; the next sign-in starts fresh ones on use. */
export function endUserActors(): void {
  const ending = [...forgets];
  forgets.clear();
  for (const forget of ending) forget();
}
