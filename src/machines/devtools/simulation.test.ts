import { describe, expect, it } from 'vitest';
import { paletteActor } from '../palette/palette.machine';
import { sessionMachine } from '../shell/session.machine';
import { simulationChoices, startSimulation, stepSimulation } from './simulation';

// Simulate mode: events sent by hand reach the states the machine would, each
// guarded branch chosen apart, and nothing runs: no action, no actor, no call.

const choose = (label: string, simulation = startSimulation(sessionMachine)) => {
  const choice = simulationChoices(simulation).find((item) => item.label === label);
  if (!choice) throw new Error(`no choice '${label}' in ${String(simulation.snapshot.value)}`);
  return stepSimulation(simulation, choice);
};

describe('simulation', () => {
  it('offers the events of the state, each guarded branch apart', () => {
    const simulation = startSimulation(sessionMachine);
    expect(simulation.snapshot.value).toBe('loading');
    expect(simulationChoices(simulation).map((choice) => choice.label)).toEqual([
      'done fetchUser',
      'error fetchUser [isUnauthorized]',
      'error fetchUser',
      'session.reload',
      'session.signedOut',
    ]);
  });

  it('takes the branch chosen, and only it', () => {
    expect(choose('error fetchUser [isUnauthorized]').snapshot.value).toBe('anonymous');
    expect(choose('error fetchUser').snapshot.value).toBe('failed');
    const signedIn = choose('done fetchUser');
    expect(signedIn.snapshot.value).toBe('signedIn');
    expect(choose('session.reload', signedIn).sent).toEqual(['done fetchUser', 'session.reload']);
  });

  it('runs no action: entering anonymous ends no user actor', () => {
    const palette = paletteActor();
    expect(choose('session.signedOut').snapshot.value).toBe('anonymous');
    expect(palette.getSnapshot().status).toBe('active');
  });
});
