import { describe, expect, it } from 'vitest';
import { parseLineContent } from '../segments';

describe('a workflow command in the log', () => {
  it('shows its message only, the command text hidden', () => {
    const content = parseLineContent('::error file=a.go,line=3,title=Build::undefined: x\n');
    expect(content.plain).toBe('undefined: x');
    expect(parseLineContent('::warning::careful\n').plain).toBe('careful');
    // Group markers and look-alikes are left to their own rules.
    expect(parseLineContent('echo ::error::x\n').plain).toBe('echo ::error::x');
  });
});
