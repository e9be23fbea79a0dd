// The two servers the contract suite runs against: the standalone mock (demo scenario) and a real
// Drone (tests/drone/stack.ts). Both know the same admin and member tokens; the few names that
// differ between their data sets are named here, once.
import { startStandalone } from '../../mock-server/standalone';
import { DRONE_TOKENS } from '../drone/seed';
import { startDroneStack } from '../drone/stack';

export interface ContractTarget {
  url: string;
  /** An active repository the admin administers and the member may write to. */
  writable: string;
  /** A private repository the member has no access to. */
  hidden: string;
  /** An active repository whose new builds run long enough to stream and cancel. */
  slow: string;
  close(): Promise<void>;
}

export interface TargetKind {
  name: 'mock' | 'drone';
  start(): Promise<ContractTarget>;
}

export const TOKENS = DRONE_TOKENS;

export const TARGETS: TargetKind[] = [
  {
    name: 'mock',
    start: async () => {
      const mock = await startStandalone({ port: 0, scenario: 'demo' });
      return {
        url: mock.url,
        writable: 'acme/api',
        hidden: 'octocat/dotfiles',
        slow: 'acme/api',
        close: mock.close,
      };
    },
  },
  {
    name: 'drone',
    start: async () => {
      const stack = await startDroneStack({ log: () => {} });
      return {
        url: stack.url,
        writable: 'acme/api',
        hidden: 'acme/protected',
        slow: 'acme/slow',
        close: stack.close,
      };
    },
  },
];
