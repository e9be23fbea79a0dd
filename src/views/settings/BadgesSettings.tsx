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
import { CopyButton, Field, Select, SectionTitle, TextInput } from '../ui';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';

// docs/spec.md 2.12 badges section (.../settings/badges).

const Options = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: '$3',
});

const Snippet = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$2',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$2',
  backgroundColor: '$surfaceAlt',
  code: { flex: 1, fontFamily: '$mono', fontSize: '$1', overflowWrap: 'anywhere' },
});

export function BadgesSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(badgeMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name } },
  });
  const options = useSelector(actor, selectBadgeOptions);
  const snippet = useSelector(actor, selectSnippet);
  const image = useSelector(actor, selectBadgeImage);
  return (
    <section aria-label="Badges">
      <SectionTitle>Badges</SectionTitle>
      <p>
        <img src={image} alt="Build status badge" height={20} />
      </p>
      <Options>
        <Field label="Syntax">
          {(id) => (
            <Select
              id={id}
              value={options.syntax}
              onChange={(event) =>
                actor.send({ type: 'badge.syntax', syntax: event.target.value as BadgeSyntax })
              }
            >
              {BADGE_SYNTAXES.map((syntax) => (
                <option key={syntax.value} value={syntax.value}>
                  {syntax.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Branch">
          {(id) => (
            <TextInput
              id={id}
              placeholder="master"
              value={options.branch}
              onChange={(event) => actor.send({ type: 'badge.branch', branch: event.target.value })}
            />
          )}
        </Field>
      </Options>
      <Snippet>
        <code data-testid="badge-snippet">{snippet}</code>
        {/* Keyed by the snippet: new options reset the 'Copied!' indicator (docs/spec.md 2.12). */}
        <CopyButton key={snippet} text={snippet} copiedLabel="Copied!" ariaLabel="Copy snippet" />
      </Snippet>
    </section>
  );
}
