// @vitest-environment node
// Every reference in the source to a document resolves inside this repository (issue 20 item 4):
// `docs/spec.md 2.12` needs a heading numbered 2.12 in docs/spec.md, and no comment cites the
// documents that lived outside the repository.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const roots = [
  'src',
  'mock-server',
  'tests',
  'scripts',
  'bench',
  'fixtures',
  'deploy',
  '.ci',
  'README.md',
];

function sourceFiles(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) =>
    name === 'node_modules' ? [] : sourceFiles(join(path, name)),
  );
}

/** The section numbers a document's headings carry: `## 2. Screens` gives 2, `### 2.12 ...` 2.12. */
function sections(doc: string): Set<string> {
  const text = readFileSync(join(root, doc), 'utf8');
  return new Set([...text.matchAll(/^#+ (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]!));
}

const files = roots
  .flatMap(sourceFiles)
  .filter((path) => /\.(ts|tsx|mjs|js|md|sh)$|\/run$/.test(path));
const docs = ['docs/spec.md', 'docs/drone-api.md', 'docs/architecture.md'];
const known = new Map(docs.map((doc) => [doc, sections(doc)]));

describe('references to documents', () => {
  it('finds the sources to check', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('cite a section that exists in the repository’s own docs', () => {
    const broken: string[] = [];
    let cited = 0;
    for (const path of files) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const match of text.matchAll(/(docs\/[a-z-]+\.md)\s+(\d+(?:\.\d+)*)/g)) {
        const [reference, doc, section] = match as unknown as [string, string, string];
        cited += 1;
        if (!known.get(doc)?.has(section)) broken.push(`${path}: ${reference}`);
      }
    }
    expect(cited).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });

  it('name issues that docs/issues.md describes', () => {
    const described = new Set(
      [...readFileSync(join(root, 'docs/issues.md'), 'utf8').matchAll(/^## Issue (\d+)\./gm)].map(
        (match) => match[1],
      ),
    );
    const named = files.flatMap((path) =>
      [...readFileSync(join(root, path), 'utf8').matchAll(/\bissue (\d+)/g)].map(
        (match) => `${path}: issue ${match[1]}`,
      ),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((name) => !described.has(/issue (\d+)$/.exec(name)![1]))).toEqual([]);
  });

  it('never cite the documents that live outside the repository', () => {
    const outside = /\b(SPEC|CONTRACT) \d|\bDESIGN\.md|\bDEVELOPERS\.md|\.\.\/shared\//;
    const found = files.filter(
      (path) =>
        !path.endsWith('docReferences.test.ts') &&
        outside.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
