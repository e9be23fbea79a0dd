// Kept only for the build page's view tests (src/views/build/**), which were being edited when
// the builders moved to tests/factories.ts; they should import from there, then this file goes.
export { makeStagedBuild as makeBuild, makeRepo, makeStage, makeStep, repoRef } from './factories';
