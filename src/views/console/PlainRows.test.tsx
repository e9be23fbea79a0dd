import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LogLines } from '../../logs';
import { LogLine, type LogLineProps } from './LogLine';
import { PlainRows } from './PlainRows';
import type { RowTexts } from './rowTexts';

// The plain rows cover react-virtuoso's while it places its own (LogRows.tsx): readers and the
// keyboard skip the copies, but a click on one is not lost in that moment.

const texts: RowTexts = {
  duration: (seconds) => `${seconds}s`,
  groupRunning: 'running',
  hiddenLines: (count) => `${count} lines`,
  clockTitle: () => undefined,
};

function renderCopies() {
  const lines = LogLines.from([{ pos: 0, out: 'build started\n', time: 0 }]);
  const viewer = { send: vi.fn() };
  render(
    <PlainRows
      ref={null}
      count={1}
      around={0}
      following={false}
      rowHeight={20}
      rowKey={(row) => row}
      onHeight={() => undefined}
      covering
      renderRow={(row, copy) => (
        <LogLine
          viewer={viewer as unknown as LogLineProps['viewer']}
          pos={row}
          out={lines.outAt(row)}
          time={0}
          timestamps="elapsed"
          stepStarted={0}
          selected={false}
          pattern={null}
          currentOccurrence={-1}
          texts={texts}
          copy={copy}
        />
      )}
    />,
  );
  return viewer;
}

describe('plain rows covering react-virtuoso', () => {
  it('are hidden from readers and the keyboard, yet a click on a copy selects its line', () => {
    const viewer = renderCopies();
    const link = screen.getByText('1', { selector: 'a' });
    const scroller = link.closest('[aria-hidden="true"]');
    expect(scroller).not.toBeNull();
    expect(scroller!.hasAttribute('inert')).toBe(false);
    expect(link.tabIndex).toBe(-1);
    fireEvent.click(link);
    expect(viewer.send).toHaveBeenCalledWith({ type: 'line.select', line: 1, extend: false });
  });
});
