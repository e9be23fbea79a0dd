import { useEffect, useId, useRef } from 'react';
import type { Build, Stage, Step } from '../../../api/types';
import {
  Button,
  formatCount,
  formatDate,
  isTimeSet,
  StatusBadge,
  styled,
  UserText,
  useT,
} from '../../ui';
import { StepConsole } from '../../console/StepConsole';
import { Elapsed } from '../Elapsed';
import '../../../i18n/en/buildViews';

type RepoRef = { namespace: string; name: string };

/**
 * docs/spec.md 2.9: the step info drawer of the graph view: started, finished, duration, runner (the
 * stage's machine), exit code, and the step's console, live while the step runs. A modal
 * <dialog> at the right edge: the browser keeps focus inside, Escape closes it, and focus goes
 * back to the node that opened it.
 */
export function StepDrawer({
  repo,
  build,
  stage,
  step,
  onClose,
}: {
  repo: RepoRef;
  build: Build;
  stage: Stage;
  step: Step;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
  }, []);
  const finished = isTimeSet(step.stopped) && step.status !== 'running' ? step.stopped : 0;
  return (
    <Drawer
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <Header>
        <h2 id={titleId}>
          <UserText>{step.name}</UserText>
        </h2>
        <StatusBadge status={step.status} />
        <Button variant="ghost" aria-label={t('build.graph.closeDetails')} onClick={onClose}>
          ✕
        </Button>
      </Header>
      <Body>
        <Facts aria-label={t('build.graph.details')}>
          <div>
            <dt>{t('build.facts.started')}</dt>
            <dd>{isTimeSet(step.started) ? formatDate(step.started) : '—'}</dd>
          </div>
          <div>
            <dt>{t('build.facts.finished')}</dt>
            <dd>{isTimeSet(finished) ? formatDate(finished) : '—'}</dd>
          </div>
          <div>
            <dt>{t('build.facts.duration')}</dt>
            <dd>
              <Elapsed status={step.status} started={step.started} stopped={step.stopped} />
              {isTimeSet(step.started) ? null : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('build.facts.runner')}</dt>
            <dd>
              <UserText>{stage.machine || '—'}</UserText>
            </dd>
          </div>
          <div>
            <dt>{t('build.facts.exitCode')}</dt>
            <dd>{isTimeSet(step.started) ? formatCount(step.exit_code) : '—'}</dd>
          </div>
        </Facts>
        <StepConsole repo={repo} build={build} stage={stage} step={step} />
      </Body>
    </Drawer>
  );
}

const Drawer = styled('dialog', {
  margin: '0 0 0 auto',
  padding: 0,
  border: 'none',
  borderLeft: '1px solid $border',
  width: 'min(720px, 100vw)',
  maxWidth: '100vw',
  height: '100vh',
  maxHeight: '100vh',
  backgroundColor: '$surface',
  color: '$text',
  boxShadow: '$2',
  '&[open]': { display: 'flex', flexDirection: 'column' },
  '&::backdrop': { backgroundColor: 'rgba(0,0,0,0.35)' },
});

const Header = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 $4',
  borderBottom: '1px solid $border',
  h2: { margin: 0, fontSize: '$3', overflowWrap: 'anywhere', flex: '0 1 auto' },
  'button:last-child': { marginLeft: 'auto' },
});

const Body = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  padding: '$4',
  overflow: 'auto',
  flex: '1 1 auto',
});

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: '$2 $4',
  margin: 0,
  dt: { color: '$textMuted', fontSize: '$1' },
  dd: { margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
});
