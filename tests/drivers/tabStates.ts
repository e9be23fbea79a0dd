import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The checks of a repository tab's `failed` and `notFound` states, for `path.test({ states })`:
 * a failed load shows the call's message (the model's calls fail with 'boom') in an alert, a
 * missing repository sends the reader to /404.
 */
export function failedOrNotFound(tab: {
  error: () => string | null | undefined;
  isNotFound: () => boolean;
  history: () => readonly string[];
}) {
  return {
    failed: () => {
      expect(tab.error()).toBe('boom');
      expect(screen.getByRole('alert')).toHaveTextContent('boom');
    },
    notFound: () => {
      expect(tab.isNotFound()).toBe(true);
      expect(tab.history().at(-1)).toBe('/404');
    },
  };
}
