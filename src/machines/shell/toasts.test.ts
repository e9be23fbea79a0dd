import { msg } from '../../i18n/message';
import { serverSaid } from './callErrors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION, toastsMachine } from './toasts.machine';

function messagesOf(actor: ReturnType<typeof createActor<typeof toastsMachine>>) {
  return actor
    .getSnapshot()
    .context.visible.map((ref) => ref.getSnapshot().context.message.values?.message);
}

function startToasts() {
  const actor = createActor(toastsMachine).start();
  const show = (text: string) =>
    actor.send({ type: 'toast.show', tone: 'success', message: serverSaid(text) });
  return { actor, show };
}

describe('toasts machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast for 3000 ms', () => {
    const { actor, show } = startToasts();
    show('one');
    expect(messagesOf(actor)).toEqual(['one']);
    vi.advanceTimersByTime(TOAST_DURATION - 1);
    expect(messagesOf(actor)).toEqual(['one']);
    vi.advanceTimersByTime(1);
    expect(messagesOf(actor)).toEqual([]);
  });

  it('shows at most 3; a 4th waits and appears when one expires', () => {
    const { actor, show } = startToasts();
    show('one');
    vi.advanceTimersByTime(1000);
    show('two');
    show('three');
    show('four');
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(messagesOf(actor)).toEqual(['one', 'two', 'three']);
    expect(actor.getSnapshot().context.queue.map((t) => t.message.values?.message)).toEqual([
      'four',
    ]);
    vi.advanceTimersByTime(2000);
    expect(messagesOf(actor)).toEqual(['two', 'three', 'four']);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    // The waiting toast gets its own full 3000 ms from the moment it appears.
    vi.advanceTimersByTime(1000);
    expect(messagesOf(actor)).toEqual(['four']);
    vi.advanceTimersByTime(TOAST_DURATION - 1000 - 1);
    expect(messagesOf(actor)).toEqual(['four']);
    vi.advanceTimersByTime(1);
    expect(messagesOf(actor)).toEqual([]);
  });

  it('pauses the countdown on hover and resumes it on leave', () => {
    const { actor, show } = startToasts();
    show('one');
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'toasts.pause' });
    vi.advanceTimersByTime(10_000);
    expect(messagesOf(actor)).toEqual(['one']);
    actor.send({ type: 'toasts.resume' });
    // Resuming restarts the toast's countdown.
    vi.advanceTimersByTime(TOAST_DURATION - 1);
    expect(messagesOf(actor)).toEqual(['one']);
    vi.advanceTimersByTime(1);
    expect(messagesOf(actor)).toEqual([]);
  });

  it('dismisses a toast at once and lets the next one in', () => {
    const { actor, show } = startToasts();
    ['one', 'two', 'three', 'four'].forEach(show);
    actor.getSnapshot().context.visible[1]!.send({ type: 'toast.dismiss' });
    expect(messagesOf(actor)).toEqual(['one', 'three', 'four']);
  });

  it('keeps tone and message of each toast', () => {
    const { actor } = startToasts();
    const message = msg('build.actions.cancelFailed', { message: 'boom' });
    actor.send({ type: 'toast.show', tone: 'error', message });
    const [toast] = actor.getSnapshot().context.visible;
    expect(toast!.getSnapshot().context).toMatchObject({
      tone: 'error',
      message,
    });
  });
});
