import type { ReactNode } from 'react';
import {
  hasInvisibles,
  showInvisibles,
  splitInvisibles,
  type Invisible,
} from '../../text/invisibles';
import { t } from '../../i18n';
import { css, styled } from './theme';

// Text someone else controls (names, commit messages, branches, log lines, card texts...) shown
// as text, with each invisible or direction-changing character as a marker naming its code point
// (src/text/invisibles.ts). The marker is a small outlined box in the text's own colour, so it
// reads on any background (the log's dark one too) and never passes for part of the text.

const markerStyle = css({
  display: 'inline-block',
  margin: '0 0.15em',
  padding: '0 0.3em',
  border: '1px dashed currentColor',
  backgroundColor: 'rgba(127, 127, 127, 0.12)',
  borderRadius: '3px',
  fontFamily: '$mono',
  fontSize: '0.7em',
  fontStyle: 'normal',
  fontWeight: 400,
  lineHeight: 1.3,
  letterSpacing: 0,
  textDecoration: 'none',
  verticalAlign: 'baseline',
  whiteSpace: 'nowrap',
  // Always reads U+202E, left to right, whatever the text around it does.
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

const Marker = styled('span', markerStyle);

const markerTitle = (char: Invisible) => t('ui.invisible', { label: char.label, name: char.name });

/** The marker of one code point; `title` gives its name on hover. */
export function InvisibleMarker({ char }: { char: Invisible }) {
  return (
    <Marker data-invisible={char.label} title={markerTitle(char)}>
      {char.label}
    </Marker>
  );
}

/**
 * `text` with its invisible characters as markers; text without any is returned as it is. The
 * parts share one span, so a flex or grid parent still lays the text out as one item.
 */
export function userText(text: string): ReactNode {
  if (!hasInvisibles(text)) return text;
  return (
    <span>
      {splitInvisibles(text).map((part, index) =>
        typeof part === 'string' ? part : <InvisibleMarker key={index} char={part} />,
      )}
    </span>
  );
}

/** Server or user text shown as text: `<UserText>{build.message}</UserText>`. */
export function UserText({ children }: { children: string | null | undefined }) {
  return userText(children ?? '');
}

/**
 * The same markers in DOM that a library built (adaptive cards): every text node with invisible
 * characters is split into text nodes and marker elements, and the attributes a reader meets
 * (title, alt, aria-label, placeholder) get the characters written out. Returns `root`.
 */
export function markInvisiblesIn<T extends HTMLElement>(root: T): T {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const marked: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (hasInvisibles(node.nodeValue ?? '')) marked.push(node as Text);
  }
  const className = markerStyle().className;
  for (const node of marked) {
    const parts = splitInvisibles(node.nodeValue ?? '').map((part) => {
      if (typeof part === 'string') return document.createTextNode(part);
      const marker = document.createElement('span');
      marker.className = className;
      marker.dataset.invisible = part.label;
      marker.title = markerTitle(part);
      marker.textContent = part.label;
      return marker;
    });
    node.replaceWith(...parts);
  }
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const name of ['title', 'alt', 'aria-label', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value && hasInvisibles(value)) element.setAttribute(name, showInvisibles(value));
    }
  }
  return root;
}
