import { assign, createActor, setup, type AnyEventObject } from 'xstate';

/** A stand-in for another actor (e.g. the session) that records every event it receives. */
export function recordingActor() {
  const machine = setup({ types: { context: {} as { received: AnyEventObject[] } } }).createMachine(
    {
      context: { received: [] },
      on: {
        '*': {
          actions: assign({ received: ({ context, event }) => [...context.received, event] }),
        },
      },
    },
  );
  const actor = createActor(machine).start();
  return {
    ref: actor,
    received: () => actor.getSnapshot().context.received,
    types: () => actor.getSnapshot().context.received.map((event) => event.type),
  };
}
