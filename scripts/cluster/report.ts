import { mkdirSync, writeFileSync } from 'node:fs';
import { TIMER_SLACK_MS, type DatabaseFigures } from './checks';
import { LoadStats, steps } from './load-stats';
import type { Managed } from './processes';

/** One line of the verdict: a figure, and the rule it must meet (or none: for information). */
export interface Line {
  label: string;
  value: string;
  rule: 'info' | 'must be 0' | 'must be all' | 'must be ok' | 'must be > 0' | 'allowed';
  pass: boolean;
}

export interface RunFacts {
  /** "cluster" or "failover": the results file's name. */
  name: string;
  title: string;
  quick: boolean;
  seconds: number;
  loadMs: number;
  startedAt: string;
  nodes: number;
  workers: number;
  chaos: { what: string; atMs: number }[];
  chaosFailures: string[];
  processes: Managed[];
  restartedNodeKey: string | undefined;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Nodes before workers, each by name and incarnation. */
const ordered = (processes: Managed[]) =>
  [...processes].sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name) || a.incarnation - b.incarnation);

/** How a process ended: killed by the run, stopped with SIGTERM (and its exit code), or crashed. */
const endOf = (p: Managed) =>
  p.crashed ? `CRASHED (${p.child.exitCode ?? p.child.signalCode})` : p.killedAt !== undefined ? 'kill -9' : `SIGTERM, exit ${p.child.exitCode ?? p.child.signalCode}`;

/** The verdict lines, from the load generator's counts and the database's. */
export function verdict(stats: LoadStats, figures: DatabaseFigures, facts: RunFacts): Line[] {
  const all = steps.filter((step) => step !== 'payin.paid').map((step) => stats.byStep[step]);
  const refused = sum(all.map((f) => sum(Object.values(f.refused))));
  const atKill = sum(all.map((f) => f.failedAtKill));
  const inOutage = sum(all.map((f) => f.failedInOutage)) + stats.byStep['payin.paid'].failedInOutage;
  const otherwise = sum(all.map((f) => f.failedOtherwise)) + stats.byStep['payin.paid'].failedOtherwise;
  const heldAtKill = sum([...stats.inFlightAtKill.values()]);
  const crashed = facts.processes.filter((p) => p.crashed).map((p) => `${p.name}#${p.incarnation}`);
  const hung = facts.processes.filter((p) => p.stopTimedOut).map((p) => `${p.name}#${p.incarnation}`);
  const restarted = facts.restartedNodeKey ? stats.byNode.get(facts.restartedNodeKey)?.ok ?? 0 : 0;
  const line = (label: string, value: number | string, rule: Line['rule'], pass = true): Line => ({ label, value: String(value), rule, pass });
  return [
    line('HTTP requests sent (signed, round-robin over live nodes)', sum(all.map((f) => f.sent)), 'info'),
    line('2xx received', sum(all.map((f) => f.ok)), 'info'),
    line('4xx received', refused, 'info'),
    line(`network errors/5xx of requests in flight to a killed node (held at kill: ${heldAtKill})`, atKill, 'allowed', atKill <= heldAtKill),
    ...(stats.outages.length > 0 ? [line('network errors/5xx while the database had no primary (resent by the clients)', inOutage, 'allowed')] : []),
    line('network errors/5xx otherwise (and failed "I Have Paid")', otherwise, 'must be 0', otherwise === 0),
    line('creates resent with the same Idempotency-Key after a network error (replayed)', `${stats.retriedCreates} (${stats.replayedCreates})`, 'info'),
    ...(facts.chaos.some((event) => event.what.startsWith('kill -9 node'))
      ? [line(`2xx received by the restarted node (${facts.restartedNodeKey ?? 'none'})`, restarted, 'must be > 0', restarted > 0)]
      : []),
    line('orders acknowledged (2xx) found in the database', `${figures.ordersAcknowledged - figures.ordersMissing} of ${figures.ordersAcknowledged}`, 'must be all', figures.ordersMissing === 0),
    line('state changes acknowledged (2xx) found on the timelines', `${figures.transitionsAcknowledged - figures.transitionsMissing} of ${figures.transitionsAcknowledged}`, 'must be all', figures.transitionsMissing === 0),
    line(`payout orders without their freeze transfer (of ${figures.payoutOrders})`, figures.payoutsWithoutFreeze, 'must be 0', figures.payoutsWithoutFreeze === 0),
    line(`matched pay-ins without their escrow transfer (of ${figures.payinsMatched})`, figures.payinsWithoutEscrow, 'must be 0', figures.payinsWithoutEscrow === 0),
    line('timers fired (' + Object.entries(figures.timersFired).map(([a, n]) => `${a} ${n}`).join(', ') + ')', sum(Object.values(figures.timersFired)), 'must be > 0', sum(Object.values(figures.timersFired)) > 0),
    line('timers fired twice (same order, same action)', figures.timersFiredTwice, 'must be 0', figures.timersFiredTwice === 0),
    line(`timers due ${TIMER_SLACK_MS / 1000} s before the schedulers stopped, not fired`, figures.timersDueNotFired, 'must be 0', figures.timersDueNotFired === 0),
    line('outbox events of merchants with an endpoint', figures.events, 'info'),
    line('events lost: without a delivery', figures.eventsWithoutDelivery, 'must be 0', figures.eventsWithoutDelivery === 0),
    line('events lost: deliveries not ended delivered', figures.deliveriesNotSucceeded, 'must be 0', figures.deliveriesNotSucceeded === 0),
    line('events lost: never received by the endpoint', figures.eventsNeverReceived, 'must be 0', figures.eventsNeverReceived === 0),
    line(`duplicate deliveries received, by webhook-id (of ${figures.deliveriesReceived})`, figures.duplicateDeliveriesReceived, 'allowed'),
    line('ledger invariants (checkLedgerInvariants)', figures.ledgerOk ? 'ok' : 'FAILED', 'must be ok', figures.ledgerOk),
    line('kills and restarts that failed', facts.chaosFailures.length === 0 ? 0 : facts.chaosFailures.join('; '), 'must be 0', facts.chaosFailures.length === 0),
    line('processes that exited without being told to', crashed.length === 0 ? 0 : crashed.join(' '), 'must be 0', crashed.length === 0),
    line('processes whose graceful stop (SIGTERM) outlasted its grace and were killed', hung.length === 0 ? 0 : hung.join(' '), 'must be 0', hung.length === 0),
  ];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}

/** The tables printed at the end of a run. */
export function printReport(stats: LoadStats, figures: DatabaseFigures, facts: RunFacts, lines: Line[]): void {
  const print = (text = '') => console.log(text);
  print();
  print(`${facts.title}; load ${(facts.loadMs / 1000).toFixed(1)} s${facts.quick ? ' (--quick)' : ''}`);
  print(`Chaos: ${facts.chaos.map((event) => `${event.what} at ${(event.atMs / 1000).toFixed(1)} s`).join('; ')}`);
  print();
  print(
    table(
      ['step', 'sent', '2xx', '4xx', 'failed at kill', 'failed in outage', 'failed otherwise'],
      steps.map((step) => {
        const f = stats.byStep[step];
        const refused = Object.entries(f.refused).map(([code, n]) => `${n} ${code}`).join(', ') || '0';
        return [step === 'payin.paid' ? 'payin.paid (domain, on the database)' : step, String(f.sent), String(f.ok), refused, String(f.failedAtKill), String(f.failedInOutage), String(f.failedOtherwise)];
      }),
    ),
  );
  print();
  print(
    table(
      ['process', 'port', 'requests', '2xx', 'in flight at kill', 'end'],
      ordered(facts.processes).map((p) => {
        const key = LoadStats.nodeKey(p);
        const figures = stats.byNode.get(key);
        const end = endOf(p);
        return [key, p.port ? String(p.port) : '-', String(figures?.sent ?? '-'), String(figures?.ok ?? '-'), String(stats.inFlightAtKill.get(key) ?? '-'), end];
      }),
    ),
  );
  for (const outage of stats.outages) {
    print();
    print(`Answers second by second around "${outage.what}" (second 0: the kill):`);
    const from = Math.floor(outage.from / 1000);
    const until = Math.floor(((outage.firstOkAt ?? outage.to ?? outage.from) + 3_000) / 1000);
    const rows: string[][] = [];
    for (let at = from - 1; at <= until; at += 1) {
      const c = stats.bySecond.get(at) ?? { ok: 0, refused: 0, unavailable: 0, cut: 0, other: 0 };
      rows.push([String(at - from), String(c.ok), String(c.refused), String(c.unavailable), String(c.cut), String(c.other)]);
    }
    print(table(['second', '2xx', '4xx', '503', 'cut', 'other 5xx'], rows));
  }
  print();
  print(`Payouts by status: ${JSON.stringify(figures.payoutsByStatus)}`);
  print(`Pay-ins by status: ${JSON.stringify(figures.payinsByStatus)}`);
  print();
  print(table(['check', 'figure', 'rule', 'verdict'], lines.map((l) => [l.label, l.value, l.rule, l.rule === 'info' ? '' : l.pass ? 'ok' : 'FAIL'])));
  if (!figures.ledgerOk) print(`\nLedger problems: ${JSON.stringify(figures.ledgerProblems)}`);
}

/** bench/results/<name>-<date>.json (-quick.json for --quick, which git ignores). */
export function writeResults(stats: LoadStats, figures: DatabaseFigures, facts: RunFacts, lines: Line[]): string {
  mkdirSync('bench/results', { recursive: true });
  const stamp = facts.startedAt.replaceAll(':', '-').slice(0, 19);
  const file = `bench/results/${facts.name}-${stamp}${facts.quick ? '-quick' : ''}.json`;
  const processes = ordered(facts.processes).map((p) => ({
    process: LoadStats.nodeKey(p),
    role: p.role,
    port: p.port ?? null,
    ...stats.byNode.get(LoadStats.nodeKey(p)),
    inFlightAtKill: stats.inFlightAtKill.get(LoadStats.nodeKey(p)) ?? null,
    end: endOf(p),
  }));
  const { ledgerProblems, ...database } = figures;
  const result = {
    startedAt: facts.startedAt,
    quick: facts.quick,
    seconds: facts.seconds,
    loadMs: facts.loadMs,
    nodes: facts.nodes,
    workers: facts.workers,
    chaos: facts.chaos,
    chaosFailures: facts.chaosFailures,
    steps: stats.byStep,
    retriedCreates: stats.retriedCreates,
    replayedCreates: stats.replayedCreates,
    outages: stats.outages,
    processes,
    database,
    ledgerProblems,
    checks: lines,
    passed: lines.every((l) => l.pass),
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
