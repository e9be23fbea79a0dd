import { STATELY_INSPECTOR_URL, type ActorReport } from '../../machines/devtools/inspector';
import { Button, SectionTitle, useT } from '../ui';
import { Checkbox } from '../ui/Form';
import { styled } from '../ui/theme';
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
  stately,
  statelyError,
  onToggle,
  onFollow,
  onAttachStately,
}: {
  inspecting: boolean;
  actors: Array<{ actorId: string; report: ActorReport }>;
  followedActorId: string | null;
  stately: string;
  statelyError: string | null;
  onToggle: () => void;
  onFollow: (actorId: string) => void;
  onAttachStately: () => void;
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
      <Button
        disabled={stately !== 'statelyDetached'}
        onClick={onAttachStately}
        aria-describedby="stately-hint"
      >
        {stately === 'statelyAttached'
          ? t('devtools.live.statelyAttached')
          : t('devtools.live.openStately')}
      </Button>
      {/* Issue 28 item 2: what the inspector receives, and where it goes, before it is opened. */}
      <Hint id="stately-hint">
        {t('devtools.live.statelyHint', { url: STATELY_INSPECTOR_URL })}
      </Hint>
      {statelyError ? <p role="alert">{statelyError}</p> : null}
    </>
  );
}
