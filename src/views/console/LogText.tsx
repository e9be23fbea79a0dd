import { Fragment, type ReactNode } from 'react';
import type { LogSegment } from '../../logs/segments';
import { css, userText } from '../ui';

// A line's segments as React elements: coloured spans, search matches as <mark>, and links (http
// and https only, decided in src/logs/links.ts) opening in a new tab without access to this page.
// Invisible and direction-changing characters show as markers (userText: one regular expression
// test per segment, a split only where one is found; LogLine memoises the whole row).

// A class made once, not a styled component: rendered for every row (LogLine.tsx, issue 32).
const textClass = css({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  minWidth: 0,
  a: { color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '2px' },
  'a:hover': { color: '#79c0ff' },
  mark: { backgroundColor: 'rgba(227, 179, 65, 0.4)', color: '$logText', borderRadius: '2px' },
  'mark[data-current]': { backgroundColor: '#e3b341', color: '#0d1117' },
  // The current match stays readable whatever colour the log gave its text.
  'mark[data-current] span': { color: '#0d1117 !important' },
})().className;

function renderSegment(segment: LogSegment, key: number): ReactNode {
  const shown = userText(segment.text);
  const text = segment.style ? (
    <span key={key} style={segment.style} className={segment.classes?.join(' ')}>
      {shown}
    </span>
  ) : typeof shown === 'string' ? (
    shown
  ) : (
    <Fragment key={key}>{shown}</Fragment>
  );
  if (!segment.mark) return text;
  return (
    <mark key={key} data-current={segment.mark === 'current' || undefined}>
      {text}
    </mark>
  );
}

export function LogText({ segments }: { segments: readonly LogSegment[] }) {
  const children: ReactNode[] = [];
  for (let index = 0; index < segments.length;) {
    const href = segments[index]!.href;
    if (!href) {
      children.push(renderSegment(segments[index]!, index));
      index += 1;
      continue;
    }
    // Consecutive segments of one link (it may span colours) become one anchor.
    const start = index;
    const parts: ReactNode[] = [];
    while (index < segments.length && segments[index]!.href === href) {
      parts.push(renderSegment(segments[index]!, index));
      index += 1;
    }
    children.push(
      <a key={`link-${start}`} href={href} target="_blank" rel="noopener noreferrer">
        {parts}
      </a>,
    );
  }
  return <span className={`${textClass} log-text`}>{children}</span>;
}
