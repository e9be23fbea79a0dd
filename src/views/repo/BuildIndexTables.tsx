import { Link } from 'wouter';
import type { Build, Repository } from '../../api/types';
import { buildHref } from '../buildPage/paths';
import { pullNumberOf } from '../../machines/repo/buildList';
import {
  Avatar,
  Button,
  StatusIcon,
  UserText,
  formatDate,
  formatRelative,
  useNow,
  useT,
} from '../ui';
import { ActionsHeader, RowActions, TableScroll, Table } from '../ui/Table';
import { showInvisibles } from '../../text/invisibles';
import { styled } from '../ui/theme';
import { shortSha } from './activity';
import { headline } from './ExecutionsList';
import '../../i18n/en/repo';

// Each row links to its build: the link sits in the first cell and stretches over the row, so
// the whole row is clickable while screen readers meet one link per row.
const LinkedTable = styled(Table, {
  'tbody tr': { position: 'relative' },
  'tbody a': { color: '$text', fontWeight: 600, textDecoration: 'none' },
  'tbody a::after': { content: '""', position: 'absolute', inset: 0 },
  'tbody a:focus-visible': { outline: 'none' },
  'tbody tr:focus-within': { outline: '2px solid $focus', outlineOffset: '-2px' },
  'td.status': { width: '32px' },
  'td.muted': { color: '$textMuted', whiteSpace: 'nowrap' },
  // Above the row's stretched link, so the button takes its own clicks (sticky on a wide screen,
  // ui/Table.tsx RowActions; placed on a phone's card).
  'td[data-actions]': { zIndex: 1, '@mobile': { position: 'relative' } },
});

/** Two lines at most, however long the message: the build the row links to shows all of it. */
// Two lines at most: a 100 KB branch, target, author or message keeps its row (issue 28 item 11).
const Clamped = styled('span', {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

const Committer = styled('span', { display: 'inline-flex', alignItems: 'center', gap: '$2' });

function When({ build }: { build: Build }) {
  const now = useNow();
  return <span title={formatDate(build.created)}>{formatRelative(build.created, now)}</span>;
}

/**
 * docs/spec.md 2.7: one row per branch, linking to the branch's latest build; with `onRemove`
 * (writers), a button that removes the branch from the list (issue 31 part 5).
 */
export function BranchesTable({
  repo,
  builds,
  onRemove,
}: {
  repo: Repository;
  builds: Build[];
  onRemove?: (branch: string) => void;
}) {
  const t = useT();
  return (
    <TableScroll>
      <LinkedTable stacked aria-label={t('repo.branches')}>
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{t('repo.columns.status')}</span>
            </th>
            <th>{t('repo.columns.branch')}</th>
            <th>{t('repo.columns.build')}</th>
            <th>{t('repo.columns.message')}</th>
            <th>{t('repo.columns.updated')}</th>
            {onRemove ? (
              <ActionsHeader>
                <span className="visually-hidden">{t('repo.columns.actions')}</span>
              </ActionsHeader>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {builds.map((build) => (
            <tr key={build.target} data-testid="branch-row">
              <td className="status">
                <StatusIcon status={build.status} />
              </td>
              <td data-label={t('repo.columns.branch')}>
                <Link href={buildHref(repo, build.number)}>
                  <Clamped>
                    <UserText>{build.target}</UserText>
                  </Clamped>
                </Link>
              </td>
              <td className="muted" data-label={t('repo.columns.build')}>
                #{build.number}
              </td>
              <td data-label={t('repo.columns.message')}>
                <Clamped>
                  <UserText>{headline(build, t)}</UserText>
                </Clamped>
              </td>
              <td className="muted" data-label={t('repo.columns.updated')}>
                <When build={build} />
              </td>
              {onRemove ? (
                <RowActions>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={t('repo.removeBranchLabel', {
                      branch: showInvisibles(build.target),
                    })}
                    onClick={() => onRemove(build.target)}
                  >
                    {t('repo.removeBranch')}
                  </Button>
                </RowActions>
              ) : null}
            </tr>
          ))}
        </tbody>
      </LinkedTable>
    </TableScroll>
  );
}

/** Issue 31 part 5: one row per pull request, linking to its latest build. */
export function PullsTable({ repo, builds }: { repo: Repository; builds: Build[] }) {
  const t = useT();
  return (
    <TableScroll>
      <LinkedTable stacked aria-label={t('repo.pulls')}>
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{t('repo.columns.status')}</span>
            </th>
            <th>{t('repo.columns.pull')}</th>
            <th>{t('repo.columns.message')}</th>
            <th>{t('repo.columns.branch')}</th>
            <th>{t('repo.columns.committer')}</th>
            <th>{t('repo.columns.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {builds.map((build) => (
            <tr key={build.ref} data-testid="pull-row">
              <td className="status">
                <StatusIcon status={build.status} />
              </td>
              <td data-label={t('repo.columns.pull')}>
                <Link
                  href={buildHref(repo, build.number)}
                  aria-label={t('repo.pullLabel', {
                    pull: pullNumberOf(build) ?? '?',
                    build: build.number,
                  })}
                >
                  #{pullNumberOf(build)}
                </Link>
              </td>
              <td data-label={t('repo.columns.message')}>
                <Clamped>
                  <UserText>{headline(build, t)}</UserText>
                </Clamped>
              </td>
              <td className="muted" data-label={t('repo.columns.branch')}>
                <Clamped>
                  <UserText>{`${build.source} → ${build.target}`}</UserText>
                </Clamped>
              </td>
              <td data-label={t('repo.columns.committer')}>
                <Committer>
                  <Avatar src={build.author_avatar} name={build.author_login || '?'} size={22} />
                  <Clamped>
                    <UserText>{build.author_login}</UserText>
                  </Clamped>
                </Committer>
              </td>
              <td className="muted" data-label={t('repo.columns.updated')}>
                <When build={build} />
              </td>
            </tr>
          ))}
        </tbody>
      </LinkedTable>
    </TableScroll>
  );
}

/** docs/spec.md 2.8: Environment, Commit (8 characters), Committer, Message, plus status. */
export function DeploymentsTable({ repo, builds }: { repo: Repository; builds: Build[] }) {
  const t = useT();
  return (
    <TableScroll>
      <LinkedTable stacked aria-label={t('repo.deployments')}>
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{t('repo.columns.status')}</span>
            </th>
            <th>{t('repo.columns.environment')}</th>
            <th>{t('repo.columns.commit')}</th>
            <th>{t('repo.columns.committer')}</th>
            <th>{t('repo.columns.message')}</th>
          </tr>
        </thead>
        <tbody>
          {builds.map((build) => (
            <tr key={build.deploy_to ?? build.number} data-testid="deployment-row">
              <td className="status">
                <StatusIcon status={build.status} />
              </td>
              <td data-label={t('repo.columns.environment')}>
                <Link
                  href={buildHref(repo, build.number)}
                  aria-label={`${showInvisibles(build.deploy_to ?? '')}, build #${build.number}`}
                >
                  <Clamped>
                    <UserText>{build.deploy_to}</UserText>
                  </Clamped>
                </Link>
              </td>
              <td className="muted" data-label={t('repo.columns.commit')}>
                <code>{shortSha(build.after)}</code>
              </td>
              <td data-label={t('repo.columns.committer')}>
                <Committer>
                  <Avatar src={build.author_avatar} name={build.author_login || '?'} size={22} />
                  <Clamped>
                    <UserText>{build.author_login}</UserText>
                  </Clamped>
                </Committer>
              </td>
              <td data-label={t('repo.columns.message')}>
                <Clamped>
                  <UserText>{headline(build, t)}</UserText>
                </Clamped>
              </td>
            </tr>
          ))}
        </tbody>
      </LinkedTable>
    </TableScroll>
  );
}
