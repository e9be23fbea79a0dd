import '../../i18n/en/settings';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Repository } from '../../api/types';
import { problemMatchersMachine } from '../../machines/settings/problemMatchers.machine';
import { Button, Notice, useT } from '../ui';
import { TextField } from '../ui/Form';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';

type Snapshot = SnapshotFrom<typeof problemMatchersMachine>;
const selectText = (snapshot: Snapshot) => snapshot.context.text;
const selectResult = (snapshot: Snapshot) => snapshot.context.result;
const selectIsSaving = (snapshot: Snapshot) => snapshot.matches('saving');

const EXAMPLE = `{ "problemMatcher": [{ "owner": "acme", "pattern": [
  { "regexp": "^(.+):(\\\\d+): (error|warning): (.*)$", "file": 1, "line": 2, "severity": 3, "message": 4 }
] }] }`;

/**
 * Issue 30 item 3: this repository's problem matchers (GitHub's JSON), kept in this browser; the
 * console adds their matches to a log's annotations (docs/problem-matchers.md).
 */
export function ProblemMatchersSettings({ repo }: { repo: Repository }) {
  const t = useT();
  const actor = useInspectedActorRef(problemMatchersMachine, { input: { slug: repo.slug } });
  const text = useSelector(actor, selectText);
  const result = useSelector(actor, selectResult);
  const saving = useSelector(actor, selectIsSaving);
  const refused =
    result?.key === 'settings.matchers.invalid' ||
    result?.key === 'settings.matchers.storageFailed';
  return (
    <Section
      aria-label={t('settings.matchers.title')}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'matchers.save' });
      }}
    >
      <h2>{t('settings.matchers.title')}</h2>
      <p>{t('settings.matchers.help')}</p>
      <TextField
        multiline
        label={t('settings.matchers.label')}
        value={text}
        placeholder={EXAMPLE}
        spellCheck={false}
        rows={8}
        onValue={(value) => actor.send({ type: 'matchers.edit', text: value })}
      />
      {result ? (
        <Notice tone={refused ? 'danger' : 'info'} role={refused ? 'alert' : 'status'}>
          {t(result.key, result.values)}
        </Notice>
      ) : null}
      <div>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('settings.matchers.save')}
        </Button>
      </div>
    </Section>
  );
}

const Section = styled('form', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  marginTop: '$6',
  h2: { fontSize: '$4', margin: 0 },
  p: { margin: 0, color: '$textMuted' },
});
