// Issue 17 item 5: a card's images are the pipeline's to choose; one whose URL carries
// credentials (or is not http(s)) is dropped before adaptivecards would start loading it.
import { describe, expect, it } from 'vitest';
import { renderCard } from './renderCard';

const SAFE = 'https://images.example/ok.png';
const WITH_CREDENTIALS = 'https://user:pass@images.example/secret.png';

function imageSources(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll('img'), (image) => image.getAttribute('src') ?? '');
}

describe('renderCard images', () => {
  it('renders requestable images and drops those with credentials in their URL', () => {
    const element = renderCard(
      {
        type: 'AdaptiveCard',
        version: '1.5',
        backgroundImage: { url: WITH_CREDENTIALS },
        body: [
          { type: 'Image', url: '${good}' },
          { type: 'Image', url: '${bad}' },
          { type: 'ImageSet', images: [{ type: 'Image', url: 'https://u@images.example/x.png' }] },
          { type: 'TextBlock', text: '${bad}' },
        ],
      },
      { good: SAFE, bad: WITH_CREDENTIALS },
    );
    expect(imageSources(element)).toEqual([SAFE]);
    const styles = Array.from(element.querySelectorAll('[style]'), (node) =>
      node.getAttribute('style'),
    );
    expect(styles.join(' ')).not.toContain('images.example');
    // Text is text: the URL written in a TextBlock is still shown.
    expect(element.textContent).toContain(WITH_CREDENTIALS);
  });

  // Issue 28 item 3: a pipeline author could aim an image at the console's own origin
  // (`/logout` signs out whoever opens the build): only other hosts' images and media load.
  it('never loads an image or medium of the console own origin, however it is written', () => {
    const own = `${window.location.origin}/logout`;
    const element = renderCard(
      {
        type: 'AdaptiveCard',
        version: '1.6',
        backgroundImage: '/logout',
        body: [
          { type: 'Image', url: '${relative}' },
          { type: 'Image', url: own },
          { type: 'Image', url: `${window.location.protocol}/logout` },
          { type: 'ImageSet', images: [{ url: '/logout' }, { url: SAFE }] },
          {
            type: 'Media',
            poster: '/logout',
            sources: [{ mimeType: 'video/mp4', url: '/logout' }],
            captionSources: [{ mimeType: 'vtt', label: 'en', url: own }],
          },
          { type: 'ActionSet', actions: [{ type: 'Action.Submit', title: 'Go', iconUrl: own }] },
        ],
      },
      { relative: '/logout' },
    );
    expect(imageSources(element)).toEqual([SAFE]);
    const loaded = Array.from(element.querySelectorAll('[src], [style]'), (node) =>
      [node.getAttribute('src'), node.getAttribute('style')].join(' '),
    );
    expect(loaded.join(' ')).not.toContain('logout');
  });
});
