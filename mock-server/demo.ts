// The demo's page entry (`npm start`, `npm run build:demo`): vite.config.ts puts it in index.html
// in place of src/main.tsx. The embedded Drone server starts in the page first (./inPage.ts, which
// ES modules run before the next import), then the console boots as in front of a real server,
// its first call waiting for this one to answer. src/ imports nothing of the mock
// (docs/architecture.md 2).
import './inPage';
import '../src/main';
