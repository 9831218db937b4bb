// Load generator for bench:ml, in its own process so its work does not count against the measured event loop:
// autocannon against the URL until told to stop, then reports requests, latency and errors.
import autocannon from 'autocannon';

const [, , url, connections, rate] = process.argv;
const instance = autocannon(
  { url: url!, connections: Number(connections ?? '10'), duration: 3600, overallRate: Number(rate ?? '200') },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.send?.({
      requests: result.requests.total,
      rps: result.requests.average,
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      latencyMax: result.latency.max,
      errors: result.errors + result.non2xx,
    });
    setTimeout(() => process.exit(0), 100);
  },
);
process.on('message', () => instance.stop());
process.send?.('started');
// The bench process died (Ctrl-C, a crash): stop instead of loading a closed port for the next hour.
process.on('disconnect', () => process.exit(0));
