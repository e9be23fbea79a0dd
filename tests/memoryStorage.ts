import type { ChoiceStorage } from '../src/machines/shell/rememberedChoice';

/** A Map-backed stand-in for localStorage, and the Map to look into. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const storage: ChoiceStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
  return { storage, values };
}
