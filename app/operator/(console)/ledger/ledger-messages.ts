import type { Lang } from '../../../pay/[token]/language';

/** The strings of the ledger page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Ledger',
  notRunYet: 'The scheduled check has not run yet (it runs every minute on a node with the scheduler on).',
  scheduled: (at: string, ok: boolean, problems: string, transfers: number, accounts: number, ms: number) =>
    `Scheduled check ${at}: ${ok ? 'all invariants held' : `broken (${problems})`} over ${transfers} new transfers and ${accounts} accounts, in ${ms} ms.`,
  checking: 'Checking the ledger…',
  allHold: 'All invariants hold.',
  broken: 'An invariant is broken: see below.',
  checkedAt: (at: string) => `Checked ${at}.`,
  facts: 'Ledger figures',
  accounts: 'Accounts',
  transfers: 'Transfers',
  sumOf: (currency: string) => `Sum of all ${currency} balances (must be 0)`,
  mismatches: 'Balances differing from their postings',
  unbalanced: 'Unbalanced transfers',
  negative: 'Accounts below zero',
  mismatchLine: (account: string, balance: string, postings: string) => `${account}: balance ${balance}, postings ${postings}`,
  unbalancedLine: (transfer: string, sum: string, legs: number) => `${transfer}: sums to ${sum} over ${legs} legs`,
  checkAgain: 'Check again',
};

const zh: typeof en = {
  title: '账本',
  notRunYet: '定时检查尚未运行（在启用调度器的节点上每分钟运行一次）。',
  scheduled: (at, ok, problems, transfers, accounts, ms) =>
    `定时检查 ${at}：${ok ? '所有不变量均成立' : `不变量被破坏（${problems}）`}，检查了 ${transfers} 笔新划转和 ${accounts} 个账户，用时 ${ms} 毫秒。`,
  checking: '正在检查账本…',
  allHold: '所有不变量均成立。',
  broken: '有不变量被破坏，详见下方。',
  checkedAt: (at) => `检查于 ${at}。`,
  facts: '账本数据',
  accounts: '账户',
  transfers: '划转',
  sumOf: (currency) => `所有 ${currency} 余额之和（必须为 0）`,
  mismatches: '余额与分录不一致',
  unbalanced: '不平衡的划转',
  negative: '余额为负的账户',
  mismatchLine: (account, balance, postings) => `${account}：余额 ${balance}，分录 ${postings}`,
  unbalancedLine: (transfer, sum, legs) => `${transfer}：${legs} 条分录合计 ${sum}`,
  checkAgain: '重新检查',
};

export const ledgerMessages: Record<Lang, typeof en> = { en, zh };
