// Issue 17 item 5: an avatar URL with credentials in it (or not http(s)) is never requested; the
// coloured initial shows instead, as for an image that failed to load.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('loads an http(s) avatar without telling its host where the user is', () => {
    const { container } = render(<Avatar src="https://avatars.example/u/1.png" name="jane" />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://avatars.example/u/1.png');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it.each([
    'https://user:pass@avatars.example/u/1.png',
    'https://user@avatars.example/u/1.png',
    'http://:secret@avatars.example/u/1.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
  ])('never requests %s and shows the initial', (src) => {
    const { container } = render(<Avatar src={src} name="jane" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'jane' })).toHaveTextContent('J');
  });
});
