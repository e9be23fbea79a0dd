import { useSyncExternalStore } from 'react';
import {
  APP_ACTORS,
  runningAppActorNames,
  subscribeAppActors,
  type AppActorName,
} from '../../machines/app/appActors';
import { SectionTitle, useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/devtools';

// The app's long-lived actors as machines/app/appActors.ts lists them: each
// one's scope, whether it runs in this tab, and its chart a click away.

const Names = Object.keys(APP_ACTORS) as AppActorName[];

const List = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $3',
  padding: 0,
  button: {
    width: '100%',
    display: 'grid',
    textAlign: 'left',
    padding: '$1 $2',
    border: 'none',
    borderRadius: '$2',
    backgroundColor: 'transparent',
    color: '$text',
    fontSize: '$2',
    cursor: 'pointer',
    '&:hover': { backgroundColor: '$surfaceAlt' },
    '&[aria-current="true"]': { backgroundColor: '$primary', color: '$primaryText' },
  },
  small: { fontSize: '$1', opacity: 0.8 },
});

export function AppActorList({
  selectedId,
  onSelect,
}: {
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const t = useT();
  const running = useSyncExternalStore(subscribeAppActors, runningAppActorNames);
  return (
    <section aria-labelledby="app-actors-title">
      <SectionTitle id="app-actors-title" css={{ marginTop: 0 }}>
        {t('devtools.appActors.title')}
      </SectionTitle>
      <List>
        {Names.map((name) => (
          <li key={name}>
            <button
              type="button"
              aria-current={name === selectedId ? 'true' : undefined}
              onClick={() => onSelect(name)}
            >
              {name}
              <small>
                {t(`devtools.appActors.scope.${APP_ACTORS[name]}`)}
                {running.includes(name) ? t('devtools.appActors.runningHere') : ''}
              </small>
            </button>
          </li>
        ))}
      </List>
    </section>
  );
}
