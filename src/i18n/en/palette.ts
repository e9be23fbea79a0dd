import { addEnglish } from '../index';

// English texts of the command palette, the shortcuts help, the search drawer and the build
// notifications, added when their code loads on demand (./core.ts keeps the search button's).

export const palette = {
  palette: {
    title: 'Command palette',
    field: 'Search repositories, builds and commands',
    loading: 'Loading repositories...',
    none: 'No matches',
    matches: 'Matches',
    hint: '<enter>Enter</enter> opens the first match · <up>↑</up> <down>↓</down> move · <esc>Esc</esc> closes · <help>?</help> all shortcuts',
    kinds: { repo: 'Repository', build: 'Build', command: 'Command' },
    commands: {
      dashboard: 'Go to dashboard',
      feed: 'Go to builds feed',
      account: 'Go to account',
      admin: 'Go to admin',
      theme: 'Toggle theme',
      newBuild: 'New build on {{repo}}',
    },
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    keys: 'Keys',
    action: 'Action',
    where: 'Where',
    actions: {
      palette: 'Open the command palette',
      help: 'Show the keyboard shortcuts',
      first: 'Open the first match',
      nextStep: 'Next step',
      previousStep: 'Previous step',
      follow: 'Follow the log on or off',
      timestamps: 'Clock or elapsed timestamps',
      top: 'Top of the log',
      bottom: 'Bottom of the log',
      menu: 'Move in an open menu',
      close: 'Close the palette, a dialog or a menu',
    },
    places: {
      everywhere: 'Everywhere',
      palette: 'Palette and search',
      build: 'Build page',
      menus: 'Menus',
    },
  },
  notifications: {
    bell: 'Notify me',
    bellOn: 'Build notifications are on',
    bellOff: 'Notify me when this build finishes',
    title: 'Build notifications',
    text: 'A browser notification when a build you have open or started finishes: repository, build number and status. Click it to open the build.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    asking: "Waiting for your browser's answer...",
    on: 'Notifications are on in this browser.',
    keepOff: 'Keep them off',
    denied:
      "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then turn them on again.",
    unsupported: 'This browser cannot show notifications.',
  },
  search: {
    title: 'Search repositories',
    loading: 'Loading repositories...',
    notFound: 'Repos not found',
    results: 'Search results',
    found: 'Found "<query/>" in Repositories',
  },
};

addEnglish({ shell: palette });
