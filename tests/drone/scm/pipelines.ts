// The `.drone.yml` files the stand-in SCM serves: `type: exec` pipelines that drone-runner-exec
// runs as shell processes on this machine. No clone step: the stand-in serves no git protocol.
// Each one exercises what a console test needs from a real pipeline.

const header = (name: string) => `kind: pipeline
type: exec
name: ${name}
clone:
  disable: true
platform:
  os: linux
  arch: amd64
`;

/** Passes: ANSI colours, GitHub-style groups, a few thousand lines, a parameter, two stages. */
export const API_PIPELINE = `${header('build')}
steps:
- name: greeting
  commands:
  - printf '\\033[32mgreen\\033[0m \\033[1;31mbold red\\033[0m plain\\n'
  - echo "::group::Install"
  - seq 1 20 | sed 's/^/installing package /'
  - echo "::endgroup::"
  - echo "GREETING=\${GREETING:-none}"
- name: test
  commands:
  - seq 1 3000 | sed 's/^/test line /'
  - echo "tests passed"
---
${header('deploy')}
depends_on:
- build
steps:
- name: publish
  commands:
  - echo "publishing \${DRONE_COMMIT_SHA}"
---
${header('production')}
trigger:
  event:
  - promote
  - rollback
  target:
  - production
steps:
- name: release
  commands:
  - echo "releasing build \${DRONE_BUILD_PARENT} to \${DRONE_DEPLOY_TO}"
`;

/** Fails in its second step, after a first one that passes. */
export const WEB_PIPELINE = `${header('default')}
steps:
- name: lint
  commands:
  - echo "lint ok"
- name: unit
  commands:
  - echo "running unit tests"
  - printf '\\033[31mFAIL\\033[0m src/app.test.ts\\n'
  - exit 1
`;

/** Streams for about fifteen seconds: long enough to watch live, or to cancel. */
export const SLOW_PIPELINE = `${header('default')}
steps:
- name: stream
  commands:
  - for i in $(seq 1 60); do echo "tick $i"; sleep 0.25; done
  - echo "stream done"
`;

/** A protected repository's pipeline: a push's build waits for approval. */
export const PROTECTED_PIPELINE = `${header('default')}
steps:
- name: approved
  commands:
  - echo "approved and running"
`;
