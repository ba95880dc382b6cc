/**
 * The unit project's setup (vitest.config.ts), run before each test file: the entities read
 * TABLE_NAME at load, as a Lambda reads its environment, and unit tests whose module graph reaches
 * the data layer (`#edge/http` loads the accounts, sites and idempotency entities) load them. No
 * unit test reaches the table; one that tried would fail to connect.
 */
process.env.TABLE_NAME ??= 'swipe-unit-tests'
