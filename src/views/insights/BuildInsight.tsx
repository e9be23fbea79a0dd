import type { Build } from '../../api/types';
import { AttemptNav } from './AttemptNav';
import { StepInsights } from './StepInsights';
import { StepTrendMark } from './StepTrendMark';

type RepoRef = { namespace: string; name: string };

/** What the build page shows of issue 31, by place: one on-demand entry for all (onBuildPage.ts). */
export function BuildInsight(
  props:
    | { part: 'attempts'; repo: RepoRef; build: Build }
    | { part: 'stepMark' | 'step'; repo: RepoRef; build: Build; stage: string; step: string },
) {
  if (props.part === 'attempts') return <AttemptNav repo={props.repo} build={props.build} />;
  const Part = props.part === 'step' ? StepInsights : StepTrendMark;
  return <Part repo={props.repo} build={props.build} stage={props.stage} step={props.step} />;
}
