import { act, fireEvent } from '@testing-library/react';
import { waitFor, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { createSettler } from '../model';

type Step = { event: AnyEventObject };

/**
 * How a model path's events reach the machine a view created, for `path.test({ events })`:
 * `send` hands the event to the actor; `answers(id)` are the handlers of the model's
 * `xstate.done.actor.<id>` and `xstate.error.actor.<id>`, which settle the pending call with the
 * event's output or error and wait for the machine to leave the state it was in;
 * `clickOrSend(control)` clicks the control the view offers for the event (Retry, Show more), or
 * sends the event where the view offers none.
 */
export function modelSteps(actor: AnyActorRef, calls: ReturnType<typeof createSettler>) {
  const send = async ({ event }: Step) => {
    await act(async () => {
      actor.send(event);
    });
  };
  const answer = async ({ event }: Step) => {
    const from = JSON.stringify(actor.getSnapshot().value);
    calls.settle(event);
    await act(() => waitFor(actor, (snapshot) => JSON.stringify(snapshot.value) !== from));
  };
  const answers = (id: string) => ({
    [`xstate.done.actor.${id}`]: answer,
    [`xstate.error.actor.${id}`]: answer,
  });
  const clickOrSend = (control: () => HTMLElement | null) => async (step: Step) => {
    const element = control();
    if (element) await act(async () => fireEvent.click(element));
    else await send(step);
  };
  return { send, answers, clickOrSend };
}
