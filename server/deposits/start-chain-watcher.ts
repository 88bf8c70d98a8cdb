import type { Db } from '../../db/client';
import type { ChainReader } from '../chains/chain-adapter';
import type { ChainConfig } from '../chains/chains';
import { chainReaderFor } from '../chains/chain-readers';
import { log } from '../logging/log';
import { chainWatcherErrorsTotal } from '../metrics/chain-metrics';
import { watchChainOnce } from './watch-chain';

/**
 * Runs the watcher over every configured chain, each on its own poll interval, in this process (like
 * the scheduler) or alone (`npm run chain-watcher`). A failed tick (node down, rate limited) is
 * logged without the RPC URL, which may carry a provider key, and retried at the next interval from
 * the same cursor. Returns a stop function that waits for ticks in flight.
 */
export function startChainWatcher(
  db: Db,
  chains: readonly ChainConfig[],
  options: {
    readers?: Map<string, ChainReader>;
    /** The watcher alone in its process (`npm run chain-watcher`): its timers keep the process alive. */
    keepProcessAlive?: boolean;
  } = {},
): () => Promise<void> {
  const arm = (timer: NodeJS.Timeout) => (options.keepProcessAlive ? timer : timer.unref());
  let stopped = false;
  const loops = chains.map((chain) => {
    const reader = options.readers?.get(chain.key) ?? chainReaderFor(chain);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const tick = () => {
      running = (async () => {
        try {
          const result = await watchChainOnce(db, { chain, reader });
          if (result.detected + result.credited + result.held + result.orphaned + result.reorgCases > 0 || result.rewound) {
            log('info', 'chain watcher tick', { chain: chain.key, ...stringified(result) });
          }
        } catch (error) {
          chainWatcherErrorsTotal.inc({ chain: chain.key });
          log('warn', 'chain watcher tick failed', { chain: chain.key, error: error instanceof Error ? error.name : 'unknown' });
        } finally {
          running = undefined;
          if (!stopped) {
            timer = arm(setTimeout(tick, chain.pollIntervalMs));
          }
        }
      })();
    };
    timer = arm(setTimeout(tick, 0));
    return {
      stop: async () => {
        clearTimeout(timer);
        await running;
      },
    };
  });
  return async () => {
    stopped = true;
    await Promise.all(loops.map((loop) => loop.stop()));
  };
}

function stringified(result: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(result).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]));
}
