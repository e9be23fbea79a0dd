import type { AnnotationLevel } from './types';

// GitHub's workflow commands for annotations (`::error file=app.js,line=1,col=5,title=T::message`,
// `::warning ...::`, `::notice ...::`): properties and message are percent-escaped (`%25`, `%0D`,
// `%0A`, and `%3A`, `%2C` in properties).

export interface WorkflowCommand {
  level: AnnotationLevel;
  message: string;
  title?: string;
  file?: string;
  line?: number;
  column?: number;
}

const COMMAND = /^\s*::(error|warning|notice)(?:\s+([^:]*))?::(.*)$/;

/** A cheap test on the raw text first: almost no line is a command. */
export const mayHoldCommand = (text: string) => text.includes('::');

const unescapeData = (value: string) =>
  value.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
const unescapeProperty = (value: string) =>
  unescapeData(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',');

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The annotation command a line's plain text is, if any. */
export function parseWorkflowCommand(text: string): WorkflowCommand | null {
  if (!mayHoldCommand(text)) return null;
  const match = COMMAND.exec(text);
  if (!match) return null;
  const properties = new Map<string, string>();
  for (const part of (match[2] ?? '').split(',')) {
    const equals = part.indexOf('=');
    if (equals > 0)
      properties.set(part.slice(0, equals).trim(), unescapeProperty(part.slice(equals + 1)));
  }
  const command: WorkflowCommand = {
    level: match[1] as AnnotationLevel,
    message: unescapeData(match[3]!).trim(),
  };
  const title = properties.get('title');
  const file = properties.get('file');
  const line = positive(properties.get('line'));
  const column = positive(properties.get('col'));
  if (title) command.title = title;
  if (file) command.file = file;
  if (line) command.line = line;
  if (column) command.column = column;
  return command;
}
