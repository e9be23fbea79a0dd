import { useSelector } from '@xstate/react';
import { isDone, type Build } from '../../api/types';
import { buildLogsMachine } from '../../machines/buildPage/buildLogs.machine';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { Button, useT } from '../ui';
import { saveTextFile } from '../console/download';
import { buildLogFileName } from '../console/texts';
import '../../i18n/en/downloads';

type RepoRef = { namespace: string; name: string };

/**
 * Downloads every step's raw log of a finished build as one file (issue 18). While the build
 * runs, logs are not all stored yet: the button waits, and says why.
 */
export function BuildLogsDownload({ repo, build }: { repo: RepoRef; build: Build }) {
  const actorRef = useInspectedActorRef(buildLogsMachine, {
    input: {
      repo,
      save: (parts, downloaded) => saveTextFile(buildLogFileName(repo, downloaded), parts),
    },
  });
  const reading = useSelector(actorRef, (snapshot) => snapshot.matches('reading'));
  const t = useT();
  const finished = isDone(build.status);
  return (
    <Button
      size="small"
      disabled={!finished || reading}
      aria-busy={reading}
      title={finished ? undefined : t('build.downloadAll.notYet')}
      onClick={() => actorRef.send({ type: 'logs.download', build })}
    >
      {reading ? t('build.downloadAll.reading') : t('build.downloadAll.label')}
    </Button>
  );
}
