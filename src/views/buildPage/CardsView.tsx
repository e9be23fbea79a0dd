import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  cardsMachine,
  cardsOf,
  selectCardChildren,
  selectCardsState,
  selectRenderer,
} from '../../machines/buildPage/cards.machine';
import { styled, useT } from '../ui';
import { CardItem, CardMessage } from './cards/CardItem';
import type { BuildBodyProps } from './GraphView';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/buildViews';

/**
 * docs/spec.md 2.9 Card View: one adaptive card per step that uploaded one. The machine loads the
 * renderer on demand and each card's data and template; this view only draws its states.
 */
export function CardsView(props: BuildBodyProps) {
  // A different build is a different list of cards: start over.
  return <CardList key={props.build.number} {...props} />;
}

function CardList({ repo, build }: BuildBodyProps) {
  const t = useT();
  const cards = useMemo(() => cardsOf(build), [build]);
  const cardsRef = useInspectedActorRef(cardsMachine, {
    input: { repo, build: build.number, cards },
  });
  // A running build can gain cards: they reach the machine as events.
  useEffect(() => {
    cardsRef.send({ type: 'cards.update', cards });
  }, [cardsRef, cards]);

  const state = useSelector(cardsRef, selectCardsState);
  const children = useSelector(cardsRef, selectCardChildren);
  const renderer = useSelector(cardsRef, selectRenderer);

  if (state === 'loading' || state === 'listing') {
    return <CardMessage role="status">{t('build.cards.loading')}</CardMessage>;
  }
  if (state === 'failed')
    return <CardMessage role="alert">{t('build.cards.cardError')}</CardMessage>;
  if (state === 'empty' || !renderer) return <CardMessage>{t('build.cards.none')}</CardMessage>;
  return (
    <List aria-label={t('build.cards.title')}>
      {children.map(({ card, ref }) => (
        <li key={card.key}>
          <CardItem repo={repo} build={build.number} cardRef={ref} renderer={renderer} />
        </li>
      ))}
    </List>
  );
}

const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
  gap: '$4',
  alignItems: 'start',
});
