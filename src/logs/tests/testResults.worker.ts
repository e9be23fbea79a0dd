/// <reference lib="webworker" />
import { testsReader } from './parseTests';
import type { FromTestsWorker, ToTestsWorker } from './testsWorker';

// Reads the test results of one log off the page's thread (issue 30 item 4): the page passes the
// lines in slices, this worker runs every format's parser over them and answers one report,
// whose arrays are transferred rather than copied.

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromTestsWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);
const reader = testsReader();

scope.onmessage = ({ data }: MessageEvent<ToTestsWorker>) => {
  try {
    if (data.type === 'lines') {
      for (let k = 0; k < data.outs.length; k++) reader.line(data.outs[k]!, data.numbers[k]!);
      return;
    }
    const report = reader.report();
    const { ends, outcomes, formats, lines } = report;
    post({ type: 'report', report }, [ends.buffer, outcomes.buffer, formats.buffer, lines.buffer]);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
