import { addEnglish } from '../index';

// English texts of the auth screens, added when a view that uses them loads (./core.ts).

export const auth = {
  welcome: {
    title: 'Welcome',
    heading: 'Welcome to {{product}}',
    redirect:
      'You will be redirected to your source control management system ({{provider}}) to sign in.',
    continue: 'Continue',
  },
  loginError: {
    title: 'Login Error',
    default: 'An error occurred during login attempt, please, try again',
    registrationClosed:
      '{{host}} is no longer accepting new registrations. You can <selfHost>install and host {{product}} yourself</selfHost> or try <hosted>Harness CI, a hosted CI offering</hosted>.',
  },
  redirect: {
    title: 'Login',
    text: 'Redirecting to {{provider}} Auth...',
  },
  login: {
    heading: 'Sign in using your {{provider}} credentials.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  },
  logout: {
    title: 'Logout',
    done: 'Your session has been successfully terminated.',
    signInAgain: 'Sign in again',
    failed: 'Signing out failed',
    signingOut: 'Signing out...',
  },
  register: {
    title: 'Register',
    heading: 'Complete your {{product}} Registration.',
    email: 'Your Email',
    name: 'Your Full Name',
    company: 'Company Name',
    submit: 'Submit',
    legal:
      'By clicking "Submit", you agree to our <privacy>Privacy Policy</privacy> and <license>License</license>. Learn more about {{product}} in its <docs>documentation</docs>.',
  },
};

addEnglish({ auth });
