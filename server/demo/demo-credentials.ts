/**
 * Well-known credentials of the demo data. They exist only in demo mode (the embedded database or
 * CORRIDOR_MODE=demo) and are printed at every demo start; production mode never seeds them.
 */
export const demoCredentials = {
  merchant: {
    id: '00000000-0000-4000-8000-00000000d001',
    name: 'Demo Merchant',
    apiKey: 'mk_demo_merchant',
    apiSecret: 'sk_demo_merchant_secret_do_not_use_in_production',
  },
  /**
   * The demo merchant's owner, for the merchant console (/merchant). Joined through an invitation
   * like every merchant user, so the console asks for the second factor owners must enrol.
   */
  merchantOwner: {
    name: 'Demo Owner',
    email: 'merchant@demo.corridor.local',
    password: 'demo-merchant-password',
  },
  trader: {
    name: 'Demo Trader',
    email: 'trader@demo.corridor.local',
    password: 'demo-trader-password',
    /** For the trader API (bots) and `npm run demo:payout`. */
    apiKey: 'tk_demo_trader',
    apiSecret: 'sk_demo_trader_secret_do_not_use_in_production',
  },
  operator: {
    name: 'Demo Operator',
    email: 'operator@demo.corridor.local',
    password: 'demo-operator-password',
  },
  /** A second operator, so that a ruling above the four-eyes threshold can be approved (docs/operator-guide.md, "Four eyes"). */
  secondOperator: {
    name: 'Demo Approver',
    email: 'approver@demo.corridor.local',
    password: 'demo-approver-password',
  },
  /** USDT each demo party starts with. */
  startingBalance: '10000.000000',
} as const;
