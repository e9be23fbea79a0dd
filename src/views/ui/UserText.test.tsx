import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasInvisibles } from '../../text/invisibles';
import { shortName } from '../buildPage/graph/g6Data';
import { usePageTitle } from '../shell/title';
import { Avatar } from './Avatar';
import { Breadcrumbs } from './Layout';
import { markInvisiblesIn, UserText } from './UserText';

// Issue 17, item 3: text someone else controls never reaches the screen with its invisible or
// direction-changing characters; each shows as a marker naming its code point.

const SPOOF = 'invoice\u202Eexe.pdf\u202C ad\u200Bmin\0';

/** Text nodes of `root` that still hold a character the console must mark. */
function rawInvisibles(root: Node): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (hasInvisibles(node.nodeValue ?? '')) found.push(node.nodeValue ?? '');
  }
  return found;
}

describe('UserText', () => {
  it('shows each invisible character as a marker naming its code point', () => {
    const { container } = render(<UserText>{SPOOF}</UserText>);
    expect(rawInvisibles(container)).toEqual([]);
    expect(container.textContent).toBe('invoiceU+202Eexe.pdfU+202C adU+200BminU+0000');
    const markers = Array.from(container.querySelectorAll('[data-invisible]'));
    expect(markers.map((marker) => marker.textContent)).toEqual([
      'U+202E',
      'U+202C',
      'U+200B',
      'U+0000',
    ]);
    expect(markers[0]).toHaveAttribute(
      'title',
      'U+202E right-to-left override (hidden in the text)',
    );
  });

  it('renders plain text as it is, with no extra elements', () => {
    const { container } = render(<UserText>{'<b>not markup</b> 👩‍💻'}</UserText>);
    expect(container.children).toHaveLength(0);
    expect(container.textContent).toBe('<b>not markup</b> 👩‍💻');
  });

  it('shows nothing for a missing value', () => {
    const { container } = render(<UserText>{undefined}</UserText>);
    expect(container.textContent).toBe('');
  });

  it('marks breadcrumb labels (namespaces, repository names)', () => {
    render(<Breadcrumbs items={[{ label: 'Repositories' }, { label: 'org\u2066x' }]} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(rawInvisibles(nav)).toEqual([]);
    expect(nav).toHaveTextContent('orgU+2066x');
  });
});

describe('Avatar of a name with invisible characters', () => {
  it('takes the first character that shows as the initial and writes out its label', () => {
    render(<Avatar name={'\u202E\u200Bmallory'} />);
    const initial = screen.getByRole('img');
    expect(initial).toHaveTextContent(/^M$/);
    expect(initial).toHaveAttribute('aria-label', '<U+202E><U+200B>mallory');
  });

  it('falls back to ? when nothing in the name shows', () => {
    render(<Avatar name={'\u3164'} />);
    expect(screen.getByRole('img')).toHaveTextContent(/^\?$/);
  });
});

describe('markInvisiblesIn (DOM a library built: adaptive cards)', () => {
  it('splits text nodes into text and markers and writes out attributes', () => {
    const root = document.createElement('div');
    const block = document.createElement('p');
    block.textContent = `Tags: ${SPOOF}`;
    const image = document.createElement('img');
    image.alt = 'logo\u202E';
    image.title = 'x\u200By';
    root.append(block, image);

    expect(markInvisiblesIn(root)).toBe(root);
    expect(rawInvisibles(root)).toEqual([]);
    expect(block.textContent).toBe('Tags: invoiceU+202Eexe.pdfU+202C adU+200BminU+0000');
    expect(block.querySelectorAll('[data-invisible]')).toHaveLength(4);
    expect(block.querySelector('[data-invisible]')?.className).not.toBe('');
    expect(image.alt).toBe('logo<U+202E>');
    expect(image.title).toBe('x<U+200B>y');
  });
});

describe('plain-text places', () => {
  it('writes invisible characters out in the page title', () => {
    renderHook(() => usePageTitle('octo\u202Ecat/hello'));
    expect(document.title).toBe('octo<U+202E>cat/hello - Drone');
  });

  it('writes them out in graph node labels before cutting long names', () => {
    expect(shortName('a\u202Eb')).toBe('a<U+202E>b');
    expect(shortName('\u200B'.repeat(20))).toBe('<U+200B><U+200…');
  });
});
