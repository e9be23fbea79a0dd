// `npm run machines:export [folder]`: writes each machine's definition as JSON, the config
// format Stately's visualizer and editor import, plus the chart graph the machines page draws.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineToChart } from '../src/machines/devtools/chart';
import { machineRegistry } from '../src/machines/devtools/registry';

const folder = process.argv[2] ?? 'machines-export';
mkdirSync(folder, { recursive: true });

/** Functions (inline actions, guards) cannot be exported; keep their names. */
function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'function') return value.name ? `[fn ${value.name}]` : '[fn]';
  return value;
}

for (const entry of machineRegistry) {
  const config = entry.machine.config;
  writeFileSync(join(folder, `${entry.id}.json`), JSON.stringify(config, replacer, 2) + '\n');
  writeFileSync(
    join(folder, `${entry.id}.chart.json`),
    JSON.stringify(machineToChart(entry.machine), null, 2) + '\n',
  );
  console.info(`${entry.id}: ${join(folder, `${entry.id}.json`)}`);
}

// Importing the machines starts the app's shared actors (the clock ticker, the toast stack),
// whose timers would keep Node running.
process.exit(0);
