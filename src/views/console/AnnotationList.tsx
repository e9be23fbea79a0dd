import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import '../../i18n/en/triage';
import { annotationsMachine } from '../../machines/console/annotations.machine';
import type { Annotation } from '../../logs/annotations/types';
import { showInvisibles } from '../../text/invisibles';
import { styled, UserText, useT } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import {
  countLevels,
  selectAnnotations,
  selectCurrent,
  selectDroppedLines,
  selectIsReading,
  selectIsReady,
  type AnnotationsRef,
} from './annotationSelectors';
import { selectConsoleState, selectLines, type ConsoleSnapshot } from './selectors';
import type { ViewerRef } from './viewerSelectors';
import type { ActorRef } from 'xstate';

type ConsoleRef = ActorRef<ConsoleSnapshot, never>;

/**
 * Issue 30 item 3: the annotations of the step's log, beside it: counts by level, each
 * annotation once with how many lines carried it, a link to its first line (`#L`). Loaded after
 * the first lines (StepConsole); the log is handed over once it is all in.
 */
export interface AnnotationListProps {
  actorRef: ConsoleRef;
  viewer: ViewerRef;
  repo: { namespace: string; name: string };
}

export function AnnotationList({ actorRef, viewer, repo }: AnnotationListProps) {
  const annotations = useInspectedActorRef(annotationsMachine, {
    input: { viewer, slug: `${repo.namespace}/${repo.name}` },
  });
  const lines = useSelector(actorRef, selectLines);
  const state = useSelector(actorRef, selectConsoleState);
  const done = state === 'resolved' || state === 'no_logs_available';
  useEffect(() => {
    annotations.send({ type: 'annotations.log', lines, done });
  }, [annotations, lines, done]);
  return <Annotations annotations={annotations} />;
}

function Annotations({ annotations }: { annotations: AnnotationsRef }) {
  const t = useT();
  const list = useSelector(annotations, selectAnnotations);
  const current = useSelector(annotations, selectCurrent);
  const reading = useSelector(annotations, selectIsReading);
  const ready = useSelector(annotations, selectIsReady);
  const dropped = useSelector(annotations, selectDroppedLines);
  if (!reading && !ready) return null;
  return (
    <Panel aria-label={t('build.triage.annotations')} data-testid="annotations">
      {dropped > 0 ? (
        <Truncated role="note" data-testid="log-truncated">
          {t('build.triage.truncated', { count: dropped })}
        </Truncated>
      ) : null}
      <Heading>
        <strong>{t('build.triage.annotations')}</strong>
        {reading && list.length === 0 ? (
          <span role="status">{t('build.triage.reading')}</span>
        ) : (
          <span data-testid="annotation-counts">{t('build.triage.counts', countLevels(list))}</span>
        )}
        {list.length > 0 ? <Keys>{t('build.triage.keys')}</Keys> : null}
      </Heading>
      {ready && list.length === 0 ? <Empty>{t('build.triage.none')}</Empty> : null}
      {list.length > 0 ? (
        <Items>
          {list.map((annotation, index) => (
            <Item key={`${annotation.index}-${index}`} level={annotation.level}>
              <AnnotationLink
                annotation={annotation}
                current={index === current}
                onGo={() => annotations.send({ type: 'annotation.go', index })}
              />
            </Item>
          ))}
        </Items>
      ) : null}
    </Panel>
  );
}

function AnnotationLink({
  annotation,
  current,
  onGo,
}: {
  annotation: Annotation;
  current: boolean;
  onGo: () => void;
}) {
  const t = useT();
  const { level, title, message, file, line, count, number } = annotation;
  return (
    <a
      href={`#L${number}`}
      aria-current={current ? 'true' : undefined}
      onClick={(event) => {
        event.preventDefault();
        onGo();
      }}
    >
      <Level level={level}>{t(`build.triage.level.${level}`)}</Level>
      {title ? (
        <Title>
          <UserText>{title}</UserText>
        </Title>
      ) : null}
      <Message title={showInvisibles(message)}>
        <UserText>{message}</UserText>
      </Message>
      {file ? (
        <Place>
          <UserText>{line ? t('build.triage.place', { file, line }) : file}</UserText>
        </Place>
      ) : null}
      {count > 1 ? (
        <Count title={t('build.triage.timesTitle', { count })}>
          {t('build.triage.times', { count })}
        </Count>
      ) : null}
      <LineNumber>{t('build.triage.line', { line: number })}</LineNumber>
    </a>
  );
}

const levelColors = {
  error: { color: '#ffa198' },
  warning: { color: '#e3b341' },
  notice: { color: '#79c0ff' },
};

// Fills the room the console keeps for it (StepConsole.tsx), its rows scrolling within.
const Panel = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minHeight: 0,
  borderBottom: '1px solid #30363d',
  padding: '$2 $3',
  fontSize: '$1',
  color: '$logText',
});
const Heading = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: '$3',
  '[role=status], span': { color: '$logMuted' },
});
const Keys = styled('span', { marginLeft: 'auto' });
const Truncated = styled('p', { margin: '0 0 $2', color: '#e3b341' });
// As tall as one annotation's row: the console keeps this much room (StepConsole.tsx).
const Empty = styled('p', { margin: '$2 0 0', padding: '2px 0', color: '$logMuted' });
// More annotations than the room has rows for scroll within the panel, so the log stays put and
// in view below it.
const Items = styled('ul', {
  flex: '1 1 auto',
  minHeight: 0,
  listStyle: 'none',
  margin: '$2 0 0',
  padding: 0,
  maxHeight: '12rem',
  overflowY: 'auto',
});
const Item = styled('li', {
  // One line each, as tall as the rows the console keeps room for (StepConsole.tsx): a long
  // message ends in an ellipsis, whole in the row's tooltip and on its line.
  a: {
    display: 'flex',
    gap: '$2',
    alignItems: 'baseline',
    padding: '2px $2',
    borderRadius: '$1',
    color: 'inherit',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
  },
  'a:hover, a:focus-visible, a[aria-current]': { backgroundColor: 'rgba(110, 118, 129, 0.25)' },
  variants: { level: { error: {}, warning: {}, notice: {} } },
});
const Level = styled('span', {
  fontWeight: 600,
  variants: { level: levelColors },
});
const Title = styled('span', { fontWeight: 600 });
const Message = styled('span', {
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  fontFamily: '$mono',
});
const Place = styled('span', { color: '$logMuted', fontFamily: '$mono' });
const Count = styled('span', { color: '$logMuted' });
const LineNumber = styled('span', { color: '$logMuted', whiteSpace: 'nowrap' });
