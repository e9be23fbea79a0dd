import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { Build, Stage, Status } from '../../api/types';
import { Button, StatusIcon, styled, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { onDemand } from '../../boot/OnDemand';
import { Elapsed } from './Elapsed';
import { buildHref } from './paths';
import { threeLinesAtMost } from '../ui/clamp';
import { Extra } from './extras';

type RepoRef = { namespace: string; name: string };

// Downloading a whole build's logs is a later click, never a first line: the button's code and its
// machine load after the page's first lines (boot/OnDemand.tsx), as the build's controls do,
// or at once when a pointer comes over its place.
const BuildLogsDownload = onDemand(
  () => import('./BuildLogsDownload').then((m) => m.BuildLogsDownload),
  DownloadPlaceholder,
  { afterFirstScreen: true },
);

// docs/spec.md 2.9: these stages have nothing to expand yet (or ever); they are plain links.
const PLAIN_STATUSES: readonly Status[] = [
  'skipped',
  'blocked',
  'pending',
  'waiting_on_dependencies',
];

export const isPlainStage = (stage: Stage) =>
  !stage.steps?.length || PLAIN_STATUSES.includes(stage.status);

/** The left navigation of the log view: 'Pipeline stages', each with its steps. */
export function StageNav({
  repo,
  build,
  stage,
  step,
}: {
  repo: RepoRef;
  build: Build;
  stage: number;
  step: number;
}) {
  // Which stages are open is presentation state; the stage in the path starts open.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([stage]));
  const toggle = (number: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(number)) next.add(number);
      return next;
    });
  const t = useT();
  const stages = build.stages ?? [];
  const titleId = useId();

  return (
    <Nav aria-labelledby={titleId}>
      <NavHeader>
        <h2 id={titleId}>{t('build.stages.title')}</h2>
        <span>{t('build.stages.count', { count: stages.length })}</span>
      </NavHeader>
      <StageList>
        {stages.map((item) => (
          <li key={item.id}>
            {isPlainStage(item) ? (
              <Item
                href={buildHref(repo, build.number, item.number)}
                aria-current={item.number === stage ? 'true' : undefined}
              >
                <StageLine stage={item} />
              </Item>
            ) : (
              <>
                <ExpandButton
                  type="button"
                  aria-expanded={expanded.has(item.number)}
                  onClick={() => toggle(item.number)}
                >
                  <Chevron aria-hidden="true">{expanded.has(item.number) ? '▾' : '▸'}</Chevron>
                  <StageLine stage={item} />
                </ExpandButton>
                {expanded.has(item.number) ? (
                  <StepList
                    aria-label={t('build.stages.stepsOf', { stage: showInvisibles(item.name) })}
                  >
                    {(item.steps ?? []).map((child) => (
                      <li key={child.id}>
                        <Item
                          href={buildHref(repo, build.number, item.number, child.number)}
                          aria-current={
                            item.number === stage && child.number === step ? 'page' : undefined
                          }
                        >
                          <StatusIcon status={child.status} />
                          <Name>
                            <UserText>{child.name}</UserText>
                          </Name>
                          <Elapsed
                            status={child.status}
                            started={child.started}
                            stopped={child.stopped}
                          />
                          <Extra
                            part="stepMark"
                            {...{ repo, build, stage: item.name, step: child.name }}
                          />
                        </Item>
                      </li>
                    ))}
                  </StepList>
                ) : null}
              </>
            )}
          </li>
        ))}
      </StageList>
      <NavFooter>
        <BuildLogsDownload repo={repo} build={build} />
      </NavFooter>
    </Nav>
  );
}

/**
 * Until the download button's code arrives: the button, unseen and out of reach, so the footer
 * has the size it will have. Transparent rather than hidden: a pointer over it loads the code.
 */
function DownloadPlaceholder(_: { repo: RepoRef; build: Build }) {
  const t = useT();
  return (
    <Button size="small" tabIndex={-1} aria-hidden="true" css={{ opacity: 0 }}>
      {t('build.downloadAll.label')}
    </Button>
  );
}

function StageLine({ stage }: { stage: Stage }) {
  return (
    <>
      <StatusIcon status={stage.status} />
      <Name>
        <UserText>{stage.name}</UserText>
      </Name>
      <Elapsed status={stage.status} started={stage.started} stopped={stage.stopped} />
    </>
  );
}

const Nav = styled('nav', {
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  padding: '$2',
});

const NavHeader = styled('div', {
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$1 $2 $2',
  h2: { margin: 0, fontSize: '$3' },
  span: { color: '$textMuted', fontSize: '$1' },
});

const NavFooter = styled('div', { padding: '$2 $2 $1' });

const StageList = styled('ul', { listStyle: 'none', margin: 0, padding: 0 });
const StepList = styled('ul', { listStyle: 'none', margin: '0 0 $1', padding: '0 0 0 $4' });

const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  width: '100%',
  minHeight: '32px',
  padding: '$1 $2',
  borderRadius: '$2',
  color: '$text',
  textDecoration: 'none',
  fontFamily: '$body',
  fontSize: '$2',
  time: { marginLeft: 'auto', color: '$textMuted', fontSize: '$1', whiteSpace: 'nowrap' },
  '&:hover': { backgroundColor: '$surfaceAlt' },
} as const;

const Item = styled(Link, {
  ...rowStyle,
  '&[aria-current]': { backgroundColor: '$surfaceAlt', fontWeight: 600 },
});

const ExpandButton = styled('button', {
  ...rowStyle,
  border: 'none',
  backgroundColor: 'transparent',
  cursor: 'pointer',
  textAlign: 'left',
});

const Chevron = styled('span', { width: '12px', color: '$textMuted', flexShrink: 0 });
const Name = styled('span', threeLinesAtMost);
