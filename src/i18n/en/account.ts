import { addEnglish } from '../index';

// English texts of the account screens, added when a view that uses them loads (./core.ts).

export const account = {
  title: 'Account',
  heading: 'Account Settings',
  logout: 'Logout',
  token: 'Your Personal Token',
  copyToken: 'Copy token',
  api: 'Example API Usage',
  copyApi: 'Copy API example',
  cli: 'Example CLI Usage',
  copyCli: 'Copy CLI example',
};

addEnglish({ account });
