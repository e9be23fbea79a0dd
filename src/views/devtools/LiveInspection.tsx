import type { ActorReport } from '../../machines/app/inspection';
import { Button, SectionTitle, useT } from '../ui';
import { Checkbox } from '../ui/Form';
import { styled } from '../ui/theme';
import { StatelyInspectorStatus } from './StatelyInspectorStatus';
import '../../i18n/en/devtools';

const Actors = styled('ul', {
  listStyle: 'none',
  margin: '$2 0',
  padding: 0,
  display: 'grid',
  gap: '$1',
  button: {
    width: '100%',
    maxWidth: '100%',
    boxSizing: 'border-box',
    whiteSpace: 'normal',
    lineHeight: 1.35,
    paddingTop: '$1',
    paddingBottom: '$1',
    height: 'auto',
    justifyContent: 'flex-start',
    textAlign: 'left',
    fontFamily: '$mono',
    overflowWrap: 'anywhere',
  },
});

const Hint = styled('p', { color: '$textMuted', fontSize: '$1' });

/** '{"stream_on":"streaming"}' reads 'stream_on.streaming'; parallel regions joined by ' | '. */
export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  // A machine without states (the toast stack) is simply running.
  if (value && typeof value === 'object' && Object.keys(value).length === 0) return 'running';
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => `${key}.${stateText(child)}`)
    .join(' | ');
}

export function LiveInspection({
  inspecting,
  actors,
  followedActorId,
  onToggle,
  onFollow,
}: {
  inspecting: boolean;
  actors: Array<{ actorId: string; report: ActorReport }>;
  followedActorId: string | null;
  onToggle: () => void;
  onFollow: (actorId: string) => void;
}) {
  const t = useT();
  return (
    <>
      <SectionTitle>{t('devtools.live.title')}</SectionTitle>
      <Checkbox label={t('devtools.live.report')} checked={inspecting} onChange={onToggle} />
      <Hint>{t('devtools.live.hint')}</Hint>
      {inspecting ? (
        actors.length ? (
          <Actors aria-label={t('devtools.live.actors')}>
            {actors.map(({ actorId, report }) => (
              <li key={actorId}>
                <Button
                  size="small"
                  variant={followedActorId === actorId ? 'primary' : 'secondary'}
                  aria-pressed={followedActorId === actorId}
                  title={t('devtools.live.actor', { id: actorId })}
                  onClick={() => onFollow(actorId)}
                >
                  {report.machineId}: {stateText(report.value)}
                </Button>
              </li>
            ))}
          </Actors>
        ) : (
          <Hint role="status">{t('devtools.live.none')}</Hint>
        )
      ) : null}
      <SectionTitle>{t('devtools.stately.title')}</SectionTitle>
      <StatelyInspectorStatus />
      {/* Another tab's actors: that tab connects itself (a window opens from the tab it serves). */}
      <Hint>
        {t('devtools.stately.otherTabs')}{' '}
        <a href="/?inspect=stately" target="_blank" rel="noreferrer">
          {t('devtools.stately.otherTabsLink')}
        </a>
      </Hint>
    </>
  );
}
