import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import {
  selectCardContent,
  selectCardState,
  type CardActorRef,
  type CardRenderer,
} from '../../../machines/buildPage/cards.machine';
import { markInvisiblesIn, styled, UserText, useT } from '../../ui';
import { showInvisibles } from '../../../text/invisibles';
import { buildHref } from '../paths';
import '../../../i18n/en/buildViews';

type RepoRef = { namespace: string; name: string };

/** One step's card: its title and a link to its logs, then the card or its state's text. */
export function CardItem({
  repo,
  build,
  cardRef,
  renderer,
}: {
  repo: RepoRef;
  build: number;
  cardRef: CardActorRef;
  renderer: CardRenderer;
}) {
  const t = useT();
  const state = useSelector(cardRef, selectCardState);
  const { card, data, template } = useSelector(cardRef, selectCardContent);
  return (
    <Frame aria-label={t('build.cards.card', { step: showInvisibles(card.stepName) })}>
      <Header>
        <h2>
          <UserText>{card.stepName}</UserText>
        </h2>
        <span>
          <UserText>{card.stageName}</UserText>
        </span>
        <Link href={buildHref(repo, build, card.stage, card.step)}>{t('build.cards.logs')}</Link>
      </Header>
      {state === 'ready' ? (
        <AdaptiveCardHost
          renderer={renderer}
          template={template}
          data={data}
          onFailed={(message) => cardRef.send({ type: 'card.renderFailed', message })}
        />
      ) : state === 'failed' ? (
        <CardMessage role="alert">{t('build.cards.cardError')}</CardMessage>
      ) : (
        <CardMessage role="status">{t('build.cards.cardLoading')}</CardMessage>
      )}
    </Frame>
  );
}

/**
 * adaptivecards renders into DOM it owns: the element it returns is placed in a container this
 * component keeps, and replaced when the card changes. No HTML string ever comes from the data.
 */
function AdaptiveCardHost({
  renderer,
  template,
  data,
  onFailed,
}: {
  renderer: CardRenderer;
  template: unknown;
  data: unknown;
  onFailed: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    try {
      container.replaceChildren(markInvisiblesIn(renderer.renderCard(template, data)));
    } catch (error) {
      console.warn('adaptive card:', error);
      failed.current(error instanceof Error ? error.message : String(error));
    }
    return () => container.replaceChildren();
  }, [renderer, template, data]);
  return <Host ref={containerRef} data-testid="adaptive-card" />;
}

export const CardMessage = styled('p', {
  margin: 0,
  padding: '$5 $4',
  textAlign: 'center',
  color: '$textMuted',
  fontSize: '$1',
  fontWeight: 600,
  letterSpacing: '0.08em',
});

const Frame = styled('section', {
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  overflow: 'hidden',
});

const Header = styled('header', {
  display: 'flex',
  alignItems: 'baseline',
  gap: '$2',
  padding: '$2 $4',
  borderBottom: '1px solid $border',
  backgroundColor: '$surfaceAlt',
  h2: { margin: 0, fontSize: '$2', overflowWrap: 'anywhere' },
  span: { color: '$textMuted', fontSize: '$1', overflowWrap: 'anywhere', minWidth: 0 },
  a: { marginLeft: 'auto', fontSize: '$1' },
});

const Host = styled('div', {
  // adaptivecards sizes itself with inline styles; keep its images within the card.
  img: { maxWidth: '100%' },
  // Digests and image names have no spaces; let them wrap instead of running out of the card.
  '.ac-fact-value .ac-textBlock': { wordBreak: 'break-word' },
});
