import type { LineParser, TestCollector, TestOutcome } from './testCases';

// JUnit XML printed to the log (`cat report.xml`, a reporter writing to stdout): a document from
// `<testsuites` or `<testsuite` to its closing tag, read with a small tolerant tokenizer rather
// than an XML library: the log may cut it, prefix it or leave it unclosed, and each case must keep
// the log line it was printed on. Entities are decoded; nothing is ever interpreted as markup.

const TAG =
  /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[|\]\]>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const OPENS = /<testsuites?\b/;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g,
    (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? whole;
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

function attributesOf(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    found.set(match[1]!, decodeEntities(match[2] ?? match[3] ?? ''));
  }
  return found;
}

interface OpenCase {
  name: string;
  suite: string;
  line: number;
  outcome: TestOutcome;
  message: string;
  /** The failure's body (its text or CDATA): the stack. */
  body: string[];
  /** The log line the body's last piece came from: pieces of one line join into one. */
  bodyLine: number;
  inResult: boolean;
}

export function junitXmlParser(out: TestCollector): LineParser {
  let inDocument = false;
  let depth = 0;
  const suites: string[] = [];
  let current: OpenCase | null = null;
  let cdata = false;

  const closeCase = () => {
    if (!current) return;
    out.add({
      format: 'junit',
      name: current.name,
      suite: current.suite,
      outcome: current.outcome,
      line: current.line,
      message: current.message,
      stack: current.body.join('\n').trim(),
    });
    current = null;
  };

  const text = (piece: string, number: number) => {
    if (!current?.inResult || current.body.length >= 400) return;
    const decoded = cdata ? piece : decodeEntities(piece);
    if (current.bodyLine === number && current.body.length > 0) {
      current.body[current.body.length - 1] += decoded;
    } else current.body.push(decoded);
    current.bodyLine = number;
  };

  const tag = (
    closing: boolean,
    name: string,
    rawAttributes: string,
    selfClosing: boolean,
    number: number,
  ) => {
    const attributes = attributesOf(rawAttributes);
    if (name === 'testsuite' || name === 'testsuites') {
      if (closing) {
        if (name === 'testsuite') suites.pop();
        depth -= 1;
        if (depth <= 0) {
          closeCase();
          inDocument = false;
        }
      } else if (!selfClosing) {
        depth += 1;
        if (name === 'testsuite') suites.push(attributes.get('name') ?? '');
      }
      return;
    }
    if (name === 'testcase') {
      if (closing) return closeCase();
      closeCase();
      current = {
        name: attributes.get('name') ?? '',
        suite: attributes.get('classname') || suites[suites.length - 1] || '',
        line: number,
        outcome: 'passed',
        message: '',
        body: [],
        bodyLine: 0,
        inResult: false,
      };
      if (selfClosing) closeCase();
      return;
    }
    if (!current) return;
    if (name === 'failure' || name === 'error' || name === 'skipped') {
      if (closing) {
        current.inResult = false;
        return;
      }
      current.outcome = name === 'skipped' ? 'skipped' : 'failed';
      current.message ||= attributes.get('message') ?? attributes.get('type') ?? '';
      current.inResult = !selfClosing;
    }
  };

  return {
    line(line, number) {
      if (!inDocument) {
        const start = OPENS.exec(line);
        if (!start) return;
        inDocument = true;
        depth = 0;
        suites.length = 0;
        line = line.slice(start.index);
      }
      let last = 0;
      TAG.lastIndex = 0;
      for (let match = TAG.exec(line); match; match = TAG.exec(line)) {
        if (match.index > last) text(line.slice(last, match.index), number);
        last = TAG.lastIndex;
        if (match[0] === '<![CDATA[') cdata = true;
        else if (match[0] === ']]>') cdata = false;
        else if (!cdata) tag(match[1] === '/', match[2]!, match[3] ?? '', match[4] === '/', number);
        else text(match[0], number);
        if (!inDocument) return;
      }
      if (last < line.length) text(line.slice(last), number);
    },
    end: closeCase,
  };
}
