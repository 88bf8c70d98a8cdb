import { demoCredentials } from '../server/demo/demo-credentials';

/**
 * What `npm start` prints once Corridor serves: where each side opens and, in demo mode, whom to
 * sign in as. Kept apart from the start itself so that the newcomer's journey (e2e/) signs in with
 * the very lines a person reads in the terminal.
 */
export function startBanner(options: { url: string; mode: string; seconds: string; demo: boolean; metricsUrl?: string }): string[] {
  const { url, demo } = options;
  const lines = [
    `Corridor is running at ${url} in ${options.mode} mode (ready in ${options.seconds} s)`,
    `  Landing page      ${url}/`,
    ...(demo ? [`  Checkout demo     ${url}/demo/checkout`] : []),
    `  Merchant console  ${url}/merchant`,
    `  Trader dashboard  ${url}/trader`,
    `  Operator console  ${url}/operator`,
    `  API reference     ${url}/docs/api`,
    `  Merchant API      ${url}/api/v1`,
    `  Health            ${url}/healthz and /readyz`,
    ...(options.metricsUrl ? [`  Metrics           ${options.metricsUrl}`] : []),
  ];
  return demo ? [...lines, '', ...demoCredentialLines()] : lines;
}

/** The demo's sign-ins and API keys, as printed at every demo start. */
export function demoCredentialLines(): string[] {
  const { merchant, merchantOwner, trader, operator, secondOperator } = demoCredentials;
  return [
    'Demo credentials (demo mode only; never for real money):',
    `  Merchant console     ${merchantOwner.email} / ${merchantOwner.password}`,
    `  Merchant API key     ${merchant.apiKey}`,
    `  Merchant API secret  ${merchant.apiSecret}`,
    `  Trader               ${trader.email} / ${trader.password}`,
    `  Trader API key       ${trader.apiKey} / ${trader.apiSecret}`,
    `  Operator             ${operator.email} / ${operator.password}`,
    `  Second operator      ${secondOperator.email} / ${secondOperator.password}`,
  ];
}

/** The email and password printed on the banner line that starts with `label` (e.g. "Merchant console"). */
export function printedSignIn(lines: readonly string[], label: string): { email: string; password: string } {
  const line = lines.find((candidate) => candidate.trimStart().startsWith(`${label} `) && candidate.includes(' / '));
  const match = line?.trim().slice(label.length).trim().match(/^(\S+@\S+) \/ (\S+)$/);
  if (!match?.[1] || !match[2]) throw new Error(`no sign-in printed as "${label}"`);
  return { email: match[1], password: match[2] };
}
