import type { Schedule } from '../src/logs/slices';

/**
 * Animation frames that come only when a test paints one, like a tab that paints nothing while
 * hidden: `schedule` stands for requestAnimationFrame, `paint()` runs the frame's callbacks.
 */
export function fakeFrames() {
  let due: Array<() => void> = [];
  const schedule: Schedule = (task) => {
    due.push(task);
    return () => {
      due = due.filter((waiting) => waiting !== task);
    };
  };
  return {
    schedule,
    paint() {
      const tasks = due;
      due = [];
      tasks.forEach((task) => task());
    },
    /** Callbacks waiting for the next frame. */
    get waiting() {
      return due.length;
    },
  };
}
