import { serverSaid } from './callErrors';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { Toasts } from '../../views/ui';
import { TOAST_DURATION, toastMachine, toastsActor } from './toasts.machine';

// One toast (docs/spec.md 2.1, 9) walked along the toast machine's shortest paths on the app's toast
// stack: hover pauses it, leaving resumes it, ✕ dismisses it, 3000 ms expire it.

const input = { id: 1, tone: 'error' as const, message: 'Unable to cancel build: boom' };
// The model has no parent stack to tell.
const modelled = toastMachine.provide({ actions: { notifyExpired: () => undefined } });
const model = modelOf(
  modelled,
  [
    { type: 'toast.pause' },
    { type: 'toast.resume' },
    { type: 'toast.dismiss' },
    { type: 'xstate.after.TOAST_DURATION.toast.showing' },
  ],
  { input },
);
const paths = model.getShortestPaths();

describe('toast machine, model-based, through the toast stack', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // The stack is app-wide: leave it empty for the next test.
    act(() => {
      toastsActor().send({ type: 'toasts.resume' });
      vi.advanceTimersByTime(TOAST_DURATION * 4);
    });
    vi.useRealTimers();
  });

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(modelled, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      render(<Toasts />);
      act(() =>
        toastsActor().send({
          type: 'toast.show',
          tone: input.tone,
          message: serverSaid(input.message),
        }),
      );
      const toastRef = () => toastsActor().getSnapshot().context.visible.at(-1);
      const stack = () => screen.getByText(input.message).closest('[aria-live]')!;
      const shown = () => {
        expect(screen.getByRole('alert')).toHaveTextContent(input.message);
      };
      const initialRef = toastRef();
      await path.test({
        states: {
          showing: () => shown(),
          // Paused: time passes, the toast stays.
          paused: () => {
            act(() => vi.advanceTimersByTime(TOAST_DURATION * 2));
            shown();
          },
          expired: () => {
            expect(screen.queryByText(input.message)).not.toBeInTheDocument();
          },
        },
        events: {
          'toast.pause': () => {
            fireEvent.mouseEnter(stack());
          },
          'toast.resume': () => {
            fireEvent.mouseLeave(stack());
          },
          'toast.dismiss': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
          },
          'xstate.after.TOAST_DURATION.toast.showing': () =>
            act(() => vi.advanceTimersByTime(TOAST_DURATION)),
        },
      });
      expect(initialRef!.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
