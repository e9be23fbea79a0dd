import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useQueryParams } from './useQueryParams';

afterEach(cleanup);

function Shows({ name }: { name: string }) {
  return <output>{useQueryParams().get(name)}</output>;
}

describe('useQueryParams', () => {
  it('decodes the query once (wouter useSearch() decodes it before URLSearchParams does)', () => {
    const location = memoryLocation({ path: '/x?message=%253Cb%253E%2526&branch=a%2Fb+c' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Shows name="message" />
        <Shows name="branch" />
      </Router>,
    );
    const [message, branch] = screen.getAllByRole('status');
    expect(message).toHaveTextContent('%3Cb%3E%26');
    expect(branch).toHaveTextContent('a/b c');
  });
});
