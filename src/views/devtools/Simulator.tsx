import type { SimulationChoice, Simulation } from '../../machines/devtools/simulation';
import { simulationChoices } from '../../machines/devtools/simulation';
import { useMemo } from 'react';
import { Button, SectionTitle, useT } from '../ui';
import { styled } from '../ui/theme';
import { stateText } from './LiveInspection';
import '../../i18n/en/devtools';

// Simulate mode (machines/devtools/simulation.ts): the events the simulated state takes, each a
// button; the state reached is drawn on the chart and said here.

const Choices = styled('ul', {
  listStyle: 'none',
  margin: '$2 0',
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$1',
  button: { fontFamily: '$mono' },
});

const Sent = styled('ol', {
  margin: '$1 0',
  paddingLeft: '$4',
  fontFamily: '$mono',
  fontSize: '$1',
});

export function Simulator({
  simulation,
  onSend,
  onReset,
  onStop,
}: {
  simulation: Simulation;
  onSend: (choice: SimulationChoice) => void;
  onReset: () => void;
  onStop: () => void;
}) {
  const t = useT();
  const choices = useMemo(() => simulationChoices(simulation), [simulation]);
  const done = simulation.snapshot.status === 'done';
  return (
    <section aria-labelledby="simulation-title">
      <SectionTitle id="simulation-title">{t('devtools.simulate.title')}</SectionTitle>
      <p role="status">
        {t('devtools.simulate.state', { state: stateText(simulation.snapshot.value) })}
        {done ? t('devtools.simulate.done') : ''}
      </p>
      {choices.length ? (
        <Choices aria-label={t('devtools.simulate.events')}>
          {choices.map((choice, index) => (
            <li key={`${index}:${choice.label}`}>
              <Button size="small" onClick={() => onSend(choice)}>
                {choice.label}
              </Button>
            </li>
          ))}
        </Choices>
      ) : (
        <p>{t('devtools.simulate.noEvents')}</p>
      )}
      {simulation.sent.length ? (
        <>
          <p id="simulation-sent">{t('devtools.simulate.sent')}</p>
          <Sent aria-labelledby="simulation-sent">
            {simulation.sent.map((label, index) => (
              <li key={index}>{label}</li>
            ))}
          </Sent>
        </>
      ) : null}
      <Button size="small" onClick={onReset}>
        {t('devtools.simulate.reset')}
      </Button>{' '}
      <Button size="small" onClick={onStop}>
        {t('devtools.simulate.stop')}
      </Button>
    </section>
  );
}
