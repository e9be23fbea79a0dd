import { addEnglish } from '../index';

// English texts of the admin screens, added when a view that uses them loads (./core.ts).

export const admin = {
  title: 'System Administration',
  users: 'Users',
  newUser: 'New User',
  noUsers: 'No Users',
  showMore: 'Show More',
  login: 'Login',
  email: 'Email',
  adminUser: 'Admin User',
  machineUser: 'Machine User',
  tokenFor: 'Token for {{login}}',
  tokenOnce: 'Copy this token now: it is not shown again.',
  editUser: 'Edit {{login}}',
  columns: {
    avatar: 'Avatar',
    username: 'Username',
    active: 'Active',
    type: 'Type',
    role: 'Role',
    created: 'Created',
    lastLogin: 'Last Login',
  },
  active: 'Active',
  inactive: 'Inactive',
  machine: 'Machine',
  user: 'User',
  admin: 'Admin',
  member: 'Member',
};

addEnglish({ admin });
