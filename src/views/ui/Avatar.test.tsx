// Issue 17 item 5: an avatar URL with credentials in it (or not http(s)) is never requested; the
// coloured initial shows instead, as for an image that failed to load.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../../config';
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

  // Issue 28 item 3: an image of the console's own origin (or its server's) is a request with the
  // user's cookies, which whoever writes a commit or a card could aim at `/logout`.
  describe('of the console or its server', () => {
    const savedServer = config.serverUrl;
    afterEach(() => {
      config.serverUrl = savedServer;
    });

    it.each([
      '/logout',
      'logout',
      './logout',
      '?signout=1',
      '//drone.example.com/logout',
      `${window.location.protocol}/logout`,
      `${window.location.protocol}logout`,
      '\\logout',
      `${window.location.origin}/logout`,
      `${window.location.protocol}//${window.location.hostname}:1/api/user/token`,
      'https://drone.example.com/logout',
      'http://drone.example.com:8080/api/user',
    ])('never requests %s and shows the initial', (src) => {
      config.serverUrl = 'https://drone.example.com';
      const { container } = render(<Avatar src={src} name="jane" />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByRole('img', { name: 'jane' })).toHaveTextContent('J');
    });

    it("still loads another host's avatar, and an inline one", () => {
      config.serverUrl = 'https://drone.example.com';
      const inline = 'data:image/svg+xml;utf8,%3Csvg%2F%3E';
      for (const src of ['https://avatars.githubusercontent.com/u/1?v=4', inline]) {
        const { container, unmount } = render(<Avatar src={src} name="jane" />);
        expect(container.querySelector('img')).toHaveAttribute('src', src);
        unmount();
      }
    });
  });
});
