import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

// Dependencies point one way: views -> machines -> api (docs/architecture.md 2).
const noApiInViews = {
  patterns: [
    {
      group: ['**/api/client', '**/api/client.ts', 'ofetch'],
      message: 'Views talk to machines, never to the API client.',
    },
  ],
};

// Views create actors through one hook, so live inspection sees every actor (issue 10).
const oneWayToCreateActors = {
  name: '@xstate/react',
  importNames: ['useActorRef'],
  message: 'Use useInspectedActorRef from src/views/useInspectedActorRef.ts.',
};

// docs/architecture.md 2: the console runs in front of a real server; the embedded one hooks itself in
// from its own entry (mock-server/demo.ts). Tests may use the mock; src/ code never names it.
const mockServer = '/(^|[./])mock-server([/]|$)/';
const noMockServer = [
  `ImportDeclaration[source.value=${mockServer}]`,
  `ImportExpression[source.value=${mockServer}]`,
  `ExportNamedDeclaration[source.value=${mockServer}]`,
  `ExportAllDeclaration[source.value=${mockServer}]`,
  `NewExpression[callee.name='URL'] > Literal[value=${mockServer}]`,
].map((selector) => ({
  selector,
  message: 'src/ never imports mock-server/ (docs/architecture.md 2): the mock hooks itself in.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.scratch',
      'node_modules',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      'machines-export',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...noMockServer] },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { ...noApiInViews, paths: [oneWayToCreateActors] }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Server text is never injected as HTML.' },
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts', 'src/logs/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xstate/react'],
              message: 'Machines and the log pipeline are framework-free.',
            },
          ],
        },
      ],
    },
  },
  {
    // The log pipeline, text helpers and boot's framework-free files sit below everything: they
    // import none of the layers above.
    files: ['src/logs/**/*.ts', 'src/text/**/*.ts', 'src/boot/{ahead,code,firstScreen,server}.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                '@xstate/react',
                '**/api/*',
                '**/machines/*',
                '**/views/*',
              ],
              message:
                "src/logs, src/text and boot's framework-free files import no layer above them (docs/architecture.md 2).",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 19: the views' texts come from the catalogs (src/i18n), so a text literal in
    // their JSX, or in an attribute people read, is a string someone forgot to translate.
    files: ['src/views/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Numbers, punctuation, CONSTANTS and the close mark are not words to translate.
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', '[✕×…—▾▸↑↓←→−·]+'] },
          'jsx-attributes': {
            include: [
              'label',
              'title',
              'aria-label',
              'placeholder',
              'alt',
              'hint',
              'description',
              'ariaLabel',
              'copyLabel',
              'copiedLabel',
              'confirmLabel',
              'emptyTitle',
              'emptyText',
            ],
          },
        },
      ],
    },
  },
  {
    // Tests wait on conditions with one limit, long enough for a loaded machine (tests/wait.ts).
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: ['tests/wait.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='vi'][property.name='waitFor']",
          message: 'Use waitUntil from tests/wait.ts: vi.waitFor gives up after 1 s.',
        },
      ],
    },
  },
  {
    files: ['src/views/useInspectedActorRef.ts'],
    rules: { 'no-restricted-imports': ['error', noApiInViews] },
  },
);
