import { waitUntil } from '../../tests/wait';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { useInspectedActorRef } from './useInspectedActorRef';

// `npm start` renders under React's StrictMode, which mounts, unmounts and
// mounts each component again; the actor a view creates must still make each call once.

function counting() {
  const fetchThing = vi.fn(() => new Promise<string>(() => undefined));
  const machine = setup({ actors: { fetchThing: fromPromise(fetchThing) } }).createMachine({
    id: 'counting',
    initial: 'loading',
    states: { loading: { invoke: { src: 'fetchThing' } } },
  });
  return { machine, fetchThing };
}

describe('useInspectedActorRef', () => {
  it('starts the actor once under StrictMode: one request per call', async () => {
    const { machine, fetchThing } = counting();
    let actor: ReturnType<typeof useInspectedActorRef<typeof machine>> | undefined;
    function View() {
      actor = useInspectedActorRef(machine);
      return null;
    }
    const view = render(
      <StrictMode>
        <View />
      </StrictMode>,
    );
    await Promise.resolve();
    expect(fetchThing).toHaveBeenCalledOnce();
    expect(actor!.getSnapshot().status).toBe('active');

    view.unmount();
    await waitUntil(() => expect(actor!.getSnapshot().status).toBe('stopped'));
    expect(fetchThing).toHaveBeenCalledOnce();
  });
});
