// A choice the user made once and the console keeps across visits (the theme, the language), in
// localStorage. Storage can be disabled (private mode, policies) or full: then nothing is
// remembered, and the choice still applies for this visit.

/** The slice of Storage the choices use (tests pass a Map-backed fake). */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored value when it is one the caller accepts, else null. */
export function readChoice<T extends string>(
  storage: ChoiceStorage | undefined,
  key: string,
  accepts: (value: unknown) => value is T,
): T | null {
  try {
    const value = storage?.getItem(key);
    return accepts(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeChoice(storage: ChoiceStorage | undefined, key: string, value: string) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered, still applied for this visit.
  }
}

export function forgetChoice(storage: ChoiceStorage | undefined, key: string) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored, or storage is unavailable: either way nothing is remembered.
  }
}

/** window.localStorage, or nothing where reading it throws (or outside a browser). */
export function browserStorage(): ChoiceStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
