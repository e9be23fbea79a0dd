import type { Repository } from '../../api/types';

/**
 * What RepoPage hands to the Settings tab (src/views/settings/RepoSettings.tsx), so both
 * sides build against one shape.
 */
export interface RepoSettingsProps {
  /**
   * The repository as loaded by RepoPage, with `permissions` when the server sent them; kept
   * current by live events.
   */
  repo: Repository;
  /**
   * The settings section from the path: '' for General (/settings), else the segment after
   * /settings/ ('secrets', 'cron', 'badges', 'org-secrets', 'templates'). Unknown sections are
   * the settings screen's to reject.
   */
  section: string;
  /**
   * Call with the server's answer after activate, save or disable (docs/spec.md 4.6). RepoPage keeps
   * the permissions it already had (those answers carry none), so the header, tabs and
   * New Build button follow at once.
   */
  onRepoChanged: (repo: Repository) => void;
}
