import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { machineToChart } from './chart';
import { exportMachine, machineCode } from './machineExport';
import { machineRegistry } from './registry';

// What `npm run machines:export` writes is code Stately Studio imports, and it is
// the machine the console runs: evaluated, it has the same states and the same transitions.

/** The exported module run as code, with XState's own `createMachine`. */
function evaluate(code: string): AnyStateMachine {
  const { outputText, diagnostics } = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  expect(diagnostics ?? []).toEqual([]);
  const body = outputText
    .replace("import { createMachine } from 'xstate';", '')
    .replace('export const machine =', 'return');
  return new Function('createMachine', body)(createMachine) as AnyStateMachine;
}

/** A chart as what can be checked across the export: states, and transitions with a guard or not. */
function shape(machine: AnyStateMachine) {
  const chart = machineToChart(machine);
  return {
    nodes: chart.nodes.map(({ id, type, isInitial, invoke }) => ({ id, type, isInitial, invoke })),
    edges: chart.edges
      .map(
        ({ source, event, target, guard }) =>
          `${source} --${event}${guard ? ' [g]' : ''}--> ${target}`,
      )
      .sort(),
  };
}

describe('npm run machines:export', () => {
  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))(
    '%s evaluates to the same machine, everything named',
    (_, entry) => {
      const code = machineCode(entry.machine, entry.description);
      expect(code).toContain("import { createMachine } from 'xstate';");
      expect(code).not.toContain('[fn');
      const exported = evaluate(code);
      expect(exported.id).toBe(entry.machine.id);
      expect(shape(exported)).toEqual(shape(entry.machine));
      // No function left in the definition: each action, guard and actor is a name.
      const functions: string[] = [];
      JSON.stringify(exportMachine(entry.machine).config, (key, value: unknown) => {
        if (typeof value === 'function') functions.push(key);
        return value;
      });
      expect(functions).toEqual([]);
    },
  );

  it('names an inline action by its kind, state and event, and keeps named ones', () => {
    const { config, names } = exportMachine(
      machineRegistry.find((e) => e.id === 'session')!.machine,
    );
    expect(names.actions).toContain('endUserActors');
    expect(names.actions).toContain('assignAtSignedInOnSessionUserUpdated');
    expect(names.guards).toEqual(['isUnauthorized']);
    expect(names.actors).toEqual(['fetchUser']);
    expect(JSON.stringify(config)).toContain('"actions":"assignOnSessionSignedOut"');
  });
});
