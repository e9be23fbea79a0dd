// Replaced at build time by vite.config.ts (`define`); absent where Vite does not build the code
// (scripts run by tsx), hence the `typeof` guards in config.ts.
declare const __DRONE_MOCK__: boolean;
declare const __DRONE_SERVER_URL__: string;
