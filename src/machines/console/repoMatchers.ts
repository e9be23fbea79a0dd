import { parseMatcherFile, type CompiledMatcher } from '../../logs/annotations/problemMatchers';

// A repository's own problem matchers (issue 30 item 3, docs/problem-matchers.md): GitHub's
// problem-matcher JSON, kept in this browser per repository (repository settings edit it).

export const matchersKey = (slug: string) => `drone-console:problem-matchers:${slug}`;

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The stored JSON text, or '' when there is none (or storage is off). */
export function readMatcherText(slug: string): string {
  try {
    return storage()?.getItem(matchersKey(slug)) ?? '';
  } catch {
    return '';
  }
}

/** Stores the text ('' removes it); false when the browser refused (full, disabled). */
export function writeMatcherText(slug: string, text: string): boolean {
  try {
    if (text.trim()) storage()?.setItem(matchersKey(slug), text);
    else storage()?.removeItem(matchersKey(slug));
    return true;
  } catch {
    return false;
  }
}

/** The repository's compiled matchers; a stored file that no longer reads adds none. */
export function repoMatchers(slug: string): CompiledMatcher[] {
  const text = readMatcherText(slug);
  if (!text.trim()) return [];
  const file = parseMatcherFile(text);
  return file.ok ? file.matchers : [];
}
