/**
 * Whether this build is the demo (`npm start`: sample data, demo accounts without a password) or
 * production (NODE_ENV=production when it was built): vite.config.ts bakes the server's mode in.
 * A build without the setting (tests) counts as the demo.
 */
export const IS_DEMO = import.meta.env.TOURDESK_MODE !== 'production';

/** What the demo banner says, on every screen. */
export const DEMO_BANNER_TEXT = 'Demo: sample data, and anyone can sign in as a demo account.';
