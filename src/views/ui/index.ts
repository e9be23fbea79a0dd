// The primitives the shell and the build page's first screen use. A module re-exported here is
// part of the app's first download, whatever page uses it (the bundler follows the re-export), so
// primitives only other pages, or code loaded on demand, use are imported from their own module
// instead: './Form', './Table', './LinkList', './CopyButton', './MenuButton' (the build's actions
// menu, loaded with the build controls) (issue 18, first-screen bytes).
export * from './Avatar';
export * from './Button';
export * from './Feedback';
export * from './Layout';
export * from './LoadFailed';
export * from './Status';
export * from './Toasts';
export * from './theme';
export * from './time';
export * from './UserText';
export * from './i18n';
export * from './RelativeTime';
