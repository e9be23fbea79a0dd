// `npm run machines:export [folder]`: writes each machine of the console as the code Stately
// Studio imports (`<id>.machine.ts`: `createMachine({...})` with every action, guard and actor
// named, src/machines/devtools/machineExport.ts), and beside it the chart graph the machines page
// draws (`<id>.chart.json`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineToChart } from '../src/machines/devtools/chart';
import { machineCode } from '../src/machines/devtools/machineExport';
import { machineRegistry } from '../src/machines/devtools/registry';

const folder = process.argv[2] ?? 'machines-export';
mkdirSync(folder, { recursive: true });

for (const entry of machineRegistry) {
  const file = join(folder, `${entry.id}.machine.ts`);
  writeFileSync(file, machineCode(entry.machine, entry.description));
  writeFileSync(
    join(folder, `${entry.id}.chart.json`),
    JSON.stringify(machineToChart(entry.machine), null, 2) + '\n',
  );
  console.info(`${entry.id}: ${file}`);
}
