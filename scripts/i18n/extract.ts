// Lingui's extractor for this console (lingui.config.ts): every text's key the code gives, found
// by TypeScript's checker as a string literal where a key is expected: a `t(...)` call, a
// `Trans` i18nKey, a machine's `msg(...)`, a table of keys typed `TextKey`. Keys passed around as
// values are found where they are written. A key built from a template (`status.${status}`,
// which TypeScript has checked gives keys only) stands for the catalog's keys it can build.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ExtractorType } from '@lingui/conf';
import ts from 'typescript';

const ROOT = new URL('../..', import.meta.url).pathname;
const KEY = /^[a-z]\w*(\.\w+)+$/;

/** The sources that may show a text: the app's own files, not its tests. */
const isSource = (file: string) => /\/src\/.*\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

let program: ts.Program | undefined;

/** The keys src/locales/en.po holds now: what a template key may stand for. */
const catalogKeys = () =>
  [...readFileSync(`${ROOT}src/locales/en.po`, 'utf8').matchAll(/^msgid "(.+)"$/gm)].map(
    ([, key]) => key!,
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `prefix.${x}.suffix` as a pattern of the keys it builds. */
const templatePattern = (node: ts.TemplateExpression) =>
  new RegExp(
    `^${escape(node.head.text)}${node.templateSpans.map((span) => `\\w+${escape(span.literal.text)}`).join('')}$`,
  );

function load(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  return ts.createProgram(config.fileNames.filter(isSource), config.options);
}

/** Each key a source file gives where a text's key is expected, with its line. */
export function keysIn(file: string): Array<{ key: string; line: number }> {
  program ??= load();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) return [];
  // A type that takes a key ('common.cancel') but not any string is a place for keys.
  const aKey = checker.getStringLiteralType('common.cancel');
  const notAKey = checker.getStringLiteralType('not a key');
  const found: Array<{ key: string; line: number }> = [];
  const takesKeys = (node: ts.Expression) => {
    const type = checker.getContextualType(node);
    return (
      !!type && checker.isTypeAssignableTo(aKey, type) && !checker.isTypeAssignableTo(notAKey, type)
    );
  };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      KEY.test(node.text)
    ) {
      if (takesKeys(node)) found.push({ key: node.text, line: lineOf(node) });
    } else if (ts.isTemplateExpression(node) && takesKeys(node)) {
      const pattern = templatePattern(node);
      for (const key of catalogKeys().filter((key) => pattern.test(key))) {
        found.push({ key, line: lineOf(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every source's keys: what src/locales/en.po must hold, no more and no fewer. */
export function allKeys(): Map<string, string[]> {
  program ??= load();
  const keys = new Map<string, string[]>();
  for (const source of program.getSourceFiles()) {
    if (!isSource(source.fileName)) continue;
    for (const { key } of keysIn(source.fileName)) {
      keys.set(key, [...(keys.get(key) ?? []), relative(ROOT, source.fileName)]);
    }
  }
  return keys;
}

export const textKeys: ExtractorType = {
  match: isSource,
  extract(filename, _code, onMessageExtracted) {
    for (const { key, line } of keysIn(filename)) {
      onMessageExtracted({ id: key, origin: [relative(ROOT, filename), line] });
    }
  },
};
