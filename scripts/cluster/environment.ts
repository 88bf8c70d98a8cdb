/**
 * Imported first by scripts/cluster-test.ts, before anything reads the configuration: the seeding
 * in the test's own process encrypts with the same demo keys as the demo-mode children
 * (server/config/keyring.ts), and its log stays quiet unless LOG_LEVEL says otherwise.
 */
process.env.CORRIDOR_MODE = 'demo';
process.env.LOG_LEVEL ??= 'warn';
// The children get the run's database; a DATABASE_URL of the caller's shell must not reach this process.
delete process.env.DATABASE_URL;
