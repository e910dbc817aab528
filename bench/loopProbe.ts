/**
 * Imported into the server process by bench:load before main.ts (bench/serverUnderTest.ts `preload`), never
 * by the product: the API thread's event-loop delay and utilisation, answered over the IPC channel the bench
 * opened (`loop:reset` starts a window, `loop:read` answers its figures). Nothing else of the server changes.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let since = performance.eventLoopUtilization();
process.on('message', (message) => {
  if (message === 'loop:reset') {
    delay.reset();
    since = performance.eventLoopUtilization();
  } else if (message === 'loop:read') {
    process.send?.({
      loop: {
        p50Ms: delay.percentile(50) / 1e6,
        p99Ms: delay.percentile(99) / 1e6,
        maxMs: delay.max / 1e6,
        utilization: performance.eventLoopUtilization(since).utilization,
      },
    });
  }
});
// The channel must not keep the server alive on its own.
process.channel?.unref();
