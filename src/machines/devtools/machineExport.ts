import type { AnyStateMachine } from 'xstate';
import { guardName } from './chart';

// A machine as Stately Studio imports it: its definition with every action,
// guard and actor named. A named one keeps its name; an inline one (`assign(...)` in a
// transition, an arrow function as a guard) is named from where it sits: its kind, its state and
// its event, as `assignAtSignedInOnSessionUserUpdated` or `guardAtTakingKeysOnKeyPressed`. The
// machine files stay as they are; their code stays in src/machines. `npm run machines:export`
// writes it as `createMachine({...})` code (machineCode); the machines page exports the shown
// machine the same way and simulates it (simulation.ts).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Config = Record<string, unknown>;

/** The names a definition refers to, each once, for the code's readers and the simulation. */
export interface ExportedNames {
  actions: string[];
  guards: string[];
  actors: string[];
  delays: string[];
}

export interface ExportedMachine {
  config: { [key: string]: Json };
  names: ExportedNames;
  /** Whether the original computes its context (from its input): exported as `{}`. */
  contextFromInput: boolean;
}

const isJson = (value: unknown, depth = 0): value is Json => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (typeof value !== 'object' || depth > 20) return false;
  return Object.values(value as object).every((child) => isJson(child, depth + 1));
};

/** 'session.userUpdated' -> 'SessionUserUpdated'; '' -> ''. */
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const toArray = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];

/** Where an inline piece sits: 'AtSignedInOnSessionUserUpdated', 'OnEntryToLoading'. */
interface Place {
  path: string[];
  /** 'On<Event>', 'OnEntry', 'OnExit'. */
  when: string;
}

const placeName = ({ path, when }: Place) => {
  const state = pascal(path.join('.'));
  if (when === 'OnEntry') return `OnEntryTo${state || 'Machine'}`;
  if (when === 'OnExit') return `OnExitFrom${state || 'Machine'}`;
  return `${state ? `At${state}` : ''}${when}`;
};

export function exportMachine(machine: AnyStateMachine): ExportedMachine {
  const sets = {
    actions: new Set<string>(),
    guards: new Set<string>(),
    actors: new Set<string>(),
    delays: new Set<string>(),
  };
  const used = new Set<string>();
  /** A derived name, numbered when the same place holds several of one kind. */
  const unique = (base: string) => {
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}${n}`;
    used.add(name);
    return name;
  };

  function action(value: unknown, place: Place): Json {
    if (typeof value === 'string') return note(sets.actions, value);
    if (typeof value === 'function') {
      const type = (value as { type?: unknown }).type;
      const kind = typeof type === 'string' ? type.replace(/^xstate\./, '') : 'action';
      return note(sets.actions, unique(`${kind}${placeName(place)}`));
    }
    return parameterized(value, sets.actions, (name) => name);
  }

  function guard(value: unknown, place: Place): Json {
    if (typeof value === 'string') return note(sets.guards, value);
    if (typeof value === 'function') {
      // XState's not/and/or read as they are written: `!isUnfinished`, `(a && b)`.
      const combined = Array.isArray((value as { guards?: unknown }).guards);
      const name = combined ? guardName(value) : unique(`guard${placeName(place)}`);
      return note(sets.guards, name);
    }
    return parameterized(value, sets.guards, (name) => name);
  }

  function parameterized(value: unknown, names: Set<string>, name: (type: string) => string) {
    const { type, params } = value as { type: string; params?: unknown };
    note(names, name(type));
    return isJson(params) ? { type, params } : type;
  }

  function note(names: Set<string>, name: string): string {
    names.add(name);
    return name;
  }

  function actions(value: unknown, place: Place): Json | undefined {
    const list = toArray(value).map((item) => action(item, place));
    return list.length ? (list.length === 1 ? list[0]! : list) : undefined;
  }

  function transition(value: unknown, place: Place): Json {
    if (typeof value === 'string') return value;
    const config = value as Config;
    const out: Record<string, Json> = {};
    if (config.target !== undefined) out.target = config.target as Json;
    if (config.guard !== undefined) out.guard = guard(config.guard, place);
    const acts = actions(config.actions, place);
    if (acts !== undefined) out.actions = acts;
    if (config.reenter !== undefined) out.reenter = Boolean(config.reenter);
    if (typeof config.description === 'string') out.description = config.description;
    return out;
  }

  function transitions(value: unknown, place: Place): Json {
    const list = toArray(value).map((item) => transition(item, place));
    return list.length === 1 ? list[0]! : list;
  }

  function invoke(value: unknown, path: string[]): Json {
    const config = value as Config;
    const src = config.src;
    const name =
      typeof src === 'string'
        ? src
        : typeof config.id === 'string'
          ? config.id
          : unique(`actorAt${pascal(path.join('.')) || 'Machine'}`);
    note(sets.actors, name);
    const out: Record<string, Json> = { src: name };
    if (typeof config.id === 'string') out.id = config.id;
    if (typeof config.systemId === 'string') out.systemId = config.systemId;
    if (config.input !== undefined && isJson(config.input)) out.input = config.input;
    const doneName = pascal(typeof config.id === 'string' ? config.id : name);
    for (const key of ['onDone', 'onError', 'onSnapshot'] as const) {
      if (config[key] !== undefined) {
        out[key] = transitions(config[key], { path, when: `On${doneName}${key.slice(2)}` });
      }
    }
    return out;
  }

  function state(config: Config, path: string[]): { [key: string]: Json } {
    const out: Record<string, Json> = {};
    for (const key of ['id', 'type', 'history', 'description'] as const) {
      if (typeof config[key] === 'string') out[key] = config[key] as string;
    }
    if (typeof config.initial === 'string') out.initial = config.initial;
    if (Array.isArray(config.tags)) out.tags = config.tags as Json;
    if (config.meta !== undefined && isJson(config.meta)) out.meta = config.meta;
    if (config.target !== undefined && isJson(config.target)) out.target = config.target;
    const entry = actions(config.entry, { path, when: 'OnEntry' });
    if (entry !== undefined) out.entry = entry;
    const exit = actions(config.exit, { path, when: 'OnExit' });
    if (exit !== undefined) out.exit = exit;
    if (config.invoke !== undefined) {
      const list = toArray(config.invoke).map((item) => invoke(item, path));
      out.invoke = list.length === 1 ? list[0]! : list;
    }
    if (config.on && typeof config.on === 'object') {
      out.on = Object.fromEntries(
        Object.entries(config.on as Config).map(([event, value]) => [
          event,
          transitions(value, { path, when: `On${pascal(event) || 'Any'}` }),
        ]),
      );
    }
    if (config.always !== undefined) {
      out.always = transitions(config.always, { path, when: 'Always' });
    }
    if (config.after && typeof config.after === 'object') {
      out.after = Object.fromEntries(
        Object.entries(config.after as Config).map(([delay, value]) => {
          if (!/^\d+$/.test(delay)) note(sets.delays, delay);
          return [delay, transitions(value, { path, when: `After${pascal(delay)}` })];
        }),
      );
    }
    if (config.onDone !== undefined) {
      out.onDone = transitions(config.onDone, { path, when: 'OnDone' });
    }
    if (config.states && typeof config.states === 'object') {
      out.states = Object.fromEntries(
        Object.entries(config.states as Config).map(([key, child]) => [
          key,
          state(child as Config, [...path, key]),
        ]),
      );
    }
    return out;
  }

  const root = machine.config as Config;
  const body = state(root, []);
  const contextFromInput = typeof root.context === 'function';
  const context = contextFromInput ? {} : isJson(root.context) ? root.context : undefined;
  // The machine's id and context first, as a reader expects them.
  const config: { [key: string]: Json } = { id: machine.id };
  if (context !== undefined) config.context = context as Json;
  Object.assign(config, body, { id: machine.id });
  return {
    config,
    names: {
      actions: [...sets.actions].sort(),
      guards: [...sets.guards].sort(),
      actors: [...sets.actors].sort(),
      delays: [...sets.delays].sort(),
    },
    contextFromInput,
  };
}

/** JSON with the keys unquoted where they are identifiers: the code a person writes. */
function printObject(value: Json): string {
  return JSON.stringify(value, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
}

/** The module `npm run machines:export` writes for one machine: TypeScript that Stately imports. */
export function machineCode(machine: AnyStateMachine, description: string): string {
  const { config, names, contextFromInput } = exportMachine(machine);
  /** `//   actions: a, b, ...`, wrapped at 100 columns. */
  const list = (label: string, items: string[]) => {
    const lines: string[] = [];
    let line = `//   ${label}:`;
    for (const [index, item] of items.entries()) {
      const word = ` ${item}${index < items.length - 1 ? ',' : ''}`;
      if (line.length + word.length > 100) {
        lines.push(line);
        line = '//    ';
      }
      line += word;
    }
    return items.length ? [...lines, line] : [];
  };
  return [
    `// ${machine.id}: ${description}`,
    '// Exported from the Drone console for Stately Studio (`npm run machines:export`): its states',
    '// and transitions as the console runs them, every action, guard and actor by name. The code',
    `// behind the names is the console's own (src/machines).`,
    ...(contextFromInput ? ['// Its context is computed from its input when it starts.'] : []),
    ...list('actions', names.actions),
    ...list('guards', names.guards),
    ...list('actors', names.actors),
    ...list('delays', names.delays),
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${printObject(config)});`,
    '',
  ].join('\n');
}
