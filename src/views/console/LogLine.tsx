import { memo, type MouseEvent } from 'react';
import { formatClockTime, type TimestampMode } from '../../logs/clock';
import type { LogGroup } from '../../logs/groups';
import { matchRanges } from '../../logs/search';
import { lineContent, markMatches } from '../../logs/segments';
import { css, styled } from '../ui';
import { LogText } from './LogText';
import type { RowTexts } from './rowTexts';
import type { ViewerRef } from './viewerSelectors';

// One console line: its number (a permalink, `#L{n}`), its text with ANSI colours, links and
// search matches as React elements (server text is never injected as HTML), and its time:
// seconds since the step started, or the wall-clock time. A group's first line is its fold
// toggle. Long lines wrap unless wrapping is off.

// The row's own elements are plain, their classes made once: a list renders dozens of rows
// at once, and a styled component's render is Stitches work per element (issue 32).
const rowClass = css({
  display: 'grid',
  gridTemplateColumns: 'var(--log-number-width, 4ch) minmax(0, 1fr) max-content',
  columnGap: '$3',
  padding: '0 $3',
  fontFamily: '$mono',
  fontSize: '13px',
  lineHeight: '20px',
  color: '$logText',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.05)' },
  '&[data-selected]': {
    backgroundColor: 'rgba(56, 139, 253, 0.15)',
    boxShadow: 'inset 3px 0 0 #388bfd',
  },
  '&[data-current-match]': { boxShadow: 'inset 3px 0 0 #e3b341' },
})().className;

const numberClass = css({
  color: '$logMuted',
  textAlign: 'right',
  userSelect: 'none',
  textDecoration: 'none',
  '&:hover': { color: '$logText', textDecoration: 'underline' },
})().className;

const timeClass = css({
  color: '$logMuted',
  userSelect: 'none',
  fontSize: '12px',
})().className;

const GroupToggle = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: '$2',
  alignItems: 'baseline',
  color: '$logText',
  fontWeight: 600,
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: '2px solid #4493f8', outlineOffset: '1px' },
  '& > span:first-child': { display: 'inline-block', width: '1ch', color: '$logMuted' },
});

const GroupMeta = styled('span', { color: '$logMuted', marginLeft: '$3', fontWeight: 400 });

export interface LogLineProps {
  viewer: ViewerRef;
  pos: number;
  out: string;
  time: number;
  timestamps: TimestampMode;
  /** The step's start (unix seconds), for wall-clock times; 0 when unknown. */
  stepStarted: number;
  /** Set on a group's first line. */
  group?: LogGroup;
  folded?: boolean;
  /** Lines a folded group hides. */
  hiddenCount?: number;
  selected: boolean;
  pattern: RegExp | null;
  /** Which match of this line is the search's current one, or -1. */
  currentOccurrence: number;
  /** The list's translated texts and time formats, made once per list (not per row). */
  texts: RowTexts;
  /**
   * A copy painted over react-virtuoso's own row while it places its rows (PlainRows): it does
   * not carry the line's `data-pos`, so the line is found once, and the keyboard skips its link
   * and fold (a click on them works as on the row's).
   */
  copy?: boolean;
}

/** The line's time, elapsed or wall-clock; hovering shows the date, time and time zone. */
function TimeCell({
  time,
  timestamps,
  stepStarted,
  texts,
}: Pick<LogLineProps, 'time' | 'timestamps' | 'stepStarted' | 'texts'>) {
  const title = texts.clockTitle(time);
  return (
    <span className={timeClass} data-time title={title}>
      {timestamps === 'clock' && title ? formatClockTime(stepStarted, time) : texts.duration(time)}
    </span>
  );
}

/** A group's title, with the search's matches in it. */
function titleSegments(title: string, pattern: RegExp | null, current: number) {
  const content = { segments: [{ text: title }], plain: title };
  return pattern ? markMatches(content, matchRanges(pattern, title), current) : content.segments;
}

function GroupHeader({
  viewer,
  group,
  folded,
  hiddenCount,
  pattern,
  currentOccurrence,
  texts,
  copy,
}: Required<
  Pick<
    LogLineProps,
    'viewer' | 'group' | 'folded' | 'hiddenCount' | 'pattern' | 'currentOccurrence' | 'texts'
  >
> &
  Pick<LogLineProps, 'copy'>) {
  const duration = group.endTime === undefined ? undefined : group.endTime - group.startTime;
  return (
    <span>
      <GroupToggle
        aria-expanded={!folded}
        tabIndex={copy ? -1 : undefined}
        onClick={() => viewer.send({ type: 'group.toggle', key: group.key })}
      >
        <span aria-hidden="true">{folded ? '▸' : '▾'}</span>
        <LogText segments={titleSegments(group.title, pattern, currentOccurrence)} />
      </GroupToggle>
      <GroupMeta>
        {duration === undefined ? texts.groupRunning : texts.duration(duration)}
        {folded ? texts.hiddenLines(hiddenCount) : null}
      </GroupMeta>
    </span>
  );
}

export const LogLine = memo(function LogLine(props: LogLineProps) {
  const { viewer, pos, out, group, pattern, currentOccurrence, selected, copy } = props;
  const number = pos + 1;
  const selectLine = (event: MouseEvent<HTMLAnchorElement>) => {
    // Shift+click extends the selection (and must not open a new window).
    event.preventDefault();
    viewer.send({ type: 'line.select', line: number, extend: event.shiftKey });
  };
  const content = group ? null : lineContent(out);
  const segments =
    content && pattern
      ? markMatches(content, matchRanges(pattern, content.plain), currentOccurrence)
      : content?.segments;
  return (
    <div
      className={rowClass}
      data-pos={copy ? undefined : pos}
      data-selected={selected || undefined}
      data-current-match={currentOccurrence >= 0 || undefined}
    >
      <a
        className={numberClass}
        href={`#L${number}`}
        tabIndex={copy ? -1 : undefined}
        onClick={selectLine}
        aria-label={`Line ${number}`}
      >
        {number}
      </a>
      {group ? (
        <GroupHeader
          viewer={viewer}
          group={group}
          folded={props.folded ?? false}
          hiddenCount={props.hiddenCount ?? 0}
          pattern={pattern}
          currentOccurrence={currentOccurrence}
          texts={props.texts}
          copy={copy}
        />
      ) : (
        <LogText segments={segments ?? []} />
      )}
      <TimeCell
        time={props.time}
        timestamps={props.timestamps}
        stepStarted={props.stepStarted}
        texts={props.texts}
      />
    </div>
  );
});
