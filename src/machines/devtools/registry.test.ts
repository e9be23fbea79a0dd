import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { machineRegistry } from './registry';

// Every module of src/machines, tests aside: a machine exported anywhere here must be on the
// machines page and in `npm run machines:export` (docs/architecture.md 3: every machine is exported so the
// visualizer page can draw it).
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '!../**/*.test.ts'], {
  eager: true,
});

const exportedMachines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value instanceof StateMachine)
    .map(([name, value]) => ({
      file,
      name,
      machine: value as AnyStateMachine,
    })),
);

describe('machine registry', () => {
  it('finds the machines of src/machines, in every domain folder', () => {
    const files = Object.keys(modules).filter((file) => file.endsWith('.machine.ts'));
    expect(files.length).toBeGreaterThan(30);
    const filesWithMachines = new Set(exportedMachines.map(({ file }) => file));
    // Each <name>.machine.ts exports at least one machine.
    expect(files.filter((file) => !filesWithMachines.has(file))).toEqual([]);
  });

  it.each(exportedMachines.map(({ file, name, machine }) => [`${file} ${name}`, machine]))(
    'registers %s',
    (_, machine) => {
      const entry = machineRegistry.find((item) => item.id === machine.id);
      expect(entry, `no registry entry with id '${machine.id}'`).toBeDefined();
      // Same definition; a machine made with .provide() (resourceLists.ts) shares its config.
      expect(entry!.machine.config).toBe(machine.config);
    },
  );

  it('keys each entry by its machine id, once, with a one-line description', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of machineRegistry) {
      // Live inspection reports the machine id; the page finds the chart by it.
      expect(entry.machine.id).toBe(entry.id);
      expect(entry.description.trim()).not.toBe('');
      expect(entry.description).not.toContain('\n');
    }
  });
});
