import type { LineParser, TestCollector } from './testCases';

// TAP (testanything.org, versions 12-14, node:test, tape): `ok 1 - name`, `not ok 2 - name`, a
// `# SKIP` or `# TODO` directive, and the YAML block (`---` ... `...`) after a result, which
// carries the failure's message and stack. The number is required, so `ok  \tpkg` (go test's
// package line) is not taken for TAP. A `# Subtest: name` line names the suite of what follows.

const RESULT = /^(\s*)(not )?ok\s+(\d+)\b\s*(?:-\s*)?(.*)$/;
const DIRECTIVE = /\s#\s*(SKIP|TODO)\b.*$/i;
const SUBTEST = /^\s*#\s*Subtest:\s*(.+)$/;

interface Pending {
  name: string;
  suite: string;
  failed: boolean;
  line: number;
  indent: number;
  yaml: string[] | null;
  inYaml: boolean;
}

/** `message:` and `stack:` of a TAP YAML block (plain, quoted or `|` block values). */
export function readTapYaml(lines: readonly string[]): { message: string; stack: string } {
  const fields = new Map<string, string>();
  let key = '';
  let keyIndent = -1;
  for (const raw of lines) {
    const indent = raw.length - raw.trimStart().length;
    const match = /^(\s*)([A-Za-z_][\w-]*):\s?(.*)$/.exec(raw);
    if (match && (keyIndent < 0 || indent <= keyIndent)) {
      key = match[2]!;
      keyIndent = indent;
      const value = match[3]!.trim();
      fields.set(key, /^[|>][-+]?$/.test(value) ? '' : unquote(value));
    } else if (key) {
      const held = fields.get(key) ?? '';
      fields.set(key, held ? `${held}\n${raw.trim()}` : raw.trim());
    }
  }
  const message = fields.get('message') ?? fields.get('error') ?? '';
  const stack = fields.get('stack') ?? fields.get('at') ?? '';
  if (message || stack) return { message, stack };
  return { message: lines.map((line) => line.trim()).join('\n'), stack: '' };
}

function unquote(value: string): string {
  if (/^'.*'$/.test(value)) return value.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(value)) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  return value;
}

export function tapParser(out: TestCollector): LineParser {
  let pending: Pending | null = null;
  const suites: Array<{ indent: number; name: string }> = [];

  const flush = () => {
    if (!pending) return;
    const { message, stack } = pending.yaml
      ? readTapYaml(pending.yaml)
      : { message: '', stack: '' };
    out.add({
      format: 'tap',
      name: pending.name,
      suite: pending.suite,
      outcome: pending.failed ? 'failed' : 'passed',
      line: pending.line,
      message: pending.failed ? message : '',
      stack: pending.failed ? stack : '',
    });
    pending = null;
  };

  return {
    line(text, number) {
      if (pending?.inYaml) {
        if (/^\s*\.\.\.\s*$/.test(text)) {
          pending.inYaml = false;
          flush();
        } else pending.yaml!.push(text);
        return;
      }
      if (pending && pending.yaml === null && /^\s*---\s*$/.test(text)) {
        pending.yaml = [];
        pending.inYaml = true;
        return;
      }
      const subtest = SUBTEST.exec(text);
      if (subtest) {
        flush();
        const indent = text.length - text.trimStart().length;
        while (suites.length && suites[suites.length - 1]!.indent >= indent) suites.pop();
        suites.push({ indent, name: subtest[1]!.trim() });
        return;
      }
      const result = RESULT.exec(text);
      if (!result) return;
      flush();
      const indent = result[1]!.length;
      // node:test reports a subtest's parent after its children, one level out.
      while (suites.length && suites[suites.length - 1]!.indent > indent) suites.pop();
      const parent = suites.length && suites[suites.length - 1]!.indent === indent;
      if (parent) suites.pop();
      const rest = result[4]!;
      const directive = DIRECTIVE.exec(rest);
      const name = (directive ? rest.slice(0, directive.index) : rest).trim() || `#${result[3]}`;
      if (directive) {
        out.add({
          format: 'tap',
          name,
          suite: suites.map((suite) => suite.name).join(' › '),
          outcome: 'skipped',
          line: number,
        });
        return;
      }
      pending = {
        name,
        suite: suites.map((suite) => suite.name).join(' › '),
        failed: Boolean(result[2]),
        line: number,
        indent,
        yaml: null,
        inYaml: false,
      };
    },
    end: flush,
  };
}
