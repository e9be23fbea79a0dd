import { useSelector } from '@xstate/react';
import type { Repository } from '../../api/types';
import {
  BADGE_SYNTAXES,
  badgeMachine,
  selectBadgeImage,
  selectBadgeOptions,
  selectSnippet,
  type BadgeSyntax,
} from '../../machines/settings/badge.machine';
import { AutoGrid, boxedRow, SectionTitle, useT } from '../ui';
import { CopyButton } from '../ui/CopyButton';
import { SelectField, TextField } from '../ui/Form';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/settings';
import '../../i18n/en/editing';

// docs/spec.md 2.12 badges section (.../settings/badges).

/** The placeholder is a branch name, the same in every language. */
const EXAMPLE_BRANCH = 'master';

const Snippet = styled('div', boxedRow, {
  backgroundColor: '$surfaceAlt',
  code: { flex: 1, fontFamily: '$mono', fontSize: '$1', overflowWrap: 'anywhere' },
});

export function BadgesSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(badgeMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name } },
  });
  const t = useT();
  const options = useSelector(actor, selectBadgeOptions);
  const snippet = useSelector(actor, selectSnippet);
  const image = useSelector(actor, selectBadgeImage);
  return (
    <section aria-label={t('settings.badges.title')}>
      <SectionTitle>{t('settings.badges.title')}</SectionTitle>
      <p>
        <img src={image} alt={t('settings.badges.image')} height={20} />
      </p>
      <AutoGrid>
        <SelectField
          label={t('settings.badges.syntax')}
          value={options.syntax}
          options={BADGE_SYNTAXES}
          onValue={(syntax) => actor.send({ type: 'badge.syntax', syntax: syntax as BadgeSyntax })}
        />
        <TextField
          label={t('settings.badges.branch')}
          placeholder={EXAMPLE_BRANCH}
          value={options.branch}
          onValue={(branch) => actor.send({ type: 'badge.branch', branch })}
        />
      </AutoGrid>
      <Snippet>
        <code data-testid="badge-snippet">{snippet}</code>
        {/* Keyed by the snippet: new options reset the 'Copied!' indicator (docs/spec.md 2.12). */}
        <CopyButton
          key={snippet}
          text={snippet}
          copiedLabel={t('common.copiedExclaimed')}
          ariaLabel={t('settings.badges.copySnippet')}
        />
      </Snippet>
    </section>
  );
}
