// The whole schema, one module per concern. drizzle-kit generates db/migrations from this file.
export * from './merchants';
export * from './traders';
export * from './users';
export * from './payouts';
export * from './payins';
export * from './order-transitions';
export * from './ledger';
export * from './webhooks';
export * from './requests';
export * from './audit';
export * from './settings';
export * from './order-counts';
export * from './sign-in-throttles';
export * from './ledger-checks';
export * from './dispute-evidence';
export * from './bank-notifications';
export * from './operator-console';
