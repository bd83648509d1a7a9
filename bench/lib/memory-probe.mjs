// Preloaded into the server by bench/memory.ts (`node --import ./bench/lib/memory-probe.mjs …`): on
// SIGUSR2 it writes the process's memory as one JSON line on stderr, so the bench can tell the V8
// heap from what lies outside it (PGlite's WebAssembly memory, buffers, code); with
// MEMORY_PROBE_SNAPSHOT set to a file, it writes a heap snapshot there first.
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  const file = process.env.MEMORY_PROBE_SNAPSHOT;
  if (file) v8.writeHeapSnapshot(file);
  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  const usage = process.memoryUsage();
  process.stderr.write(
    `${JSON.stringify({
      memoryProbe: {
        rssMB: mb(usage.rss),
        heapUsedMB: mb(usage.heapUsed),
        heapTotalMB: mb(usage.heapTotal),
        externalMB: mb(usage.external),
        arrayBuffersMB: mb(usage.arrayBuffers),
        snapshot: file ?? null,
      },
    })}\n`,
  );
});
