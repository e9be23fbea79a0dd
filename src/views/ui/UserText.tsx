import type { ReactNode } from 'react';
import { hasInvisibles, splitInvisibles, type Invisible } from '../../text/invisibles';
import { styled } from './theme';

// Text someone else controls (names, commit messages, branches, log lines, card texts...) shown
// as text, with each invisible or direction-changing character as a marker naming its code point
// (src/text/invisibles.ts). The marker is a small outlined box in the text's own colour, so it
// reads on any background (the log's dark one too) and never passes for part of the text.

const Marker = styled('span', {
  display: 'inline-block',
  margin: '0 0.15em',
  padding: '0 0.3em',
  border: '1px dashed currentColor',
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

/** The marker of one code point; `title` gives its name on hover. */
export function InvisibleMarker({ char }: { char: Invisible }) {
  return (
    <Marker data-invisible={char.label} title={`${char.label} ${char.name} (hidden in the text)`}>
      {char.label}
    </Marker>
  );
}

/** `text` with its invisible characters as markers; text without any is returned as it is. */
export function userText(text: string): ReactNode {
  if (!hasInvisibles(text)) return text;
  return splitInvisibles(text).map((part, index) =>
    typeof part === 'string' ? part : <InvisibleMarker key={index} char={part} />,
  );
}

/** Server or user text shown as text: `<UserText>{build.message}</UserText>`. */
export function UserText({ children }: { children: string }) {
  return userText(children);
}
