// The local fake market provider, standalone (for e2e, benches and trying the real-feed path offline):
//   node --import tsx test/fake-provider/cli.ts [--port 3350] [--any-symbol]
// then start the server with MARKET_FEED=auto (or yahoo) and MARKET_PROVIDER_URL=http://127.0.0.1:3350.
// --any-symbol answers a chart for every symbol (symbols without a recording get THYAO's recorded chart).
import { parseArgs } from 'node:util';
import { startFakeProvider } from './fake-provider.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '3350' }, 'any-symbol': { type: 'boolean', default: false } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port: must be a port number');
  process.exit(1);
}
const provider = await startFakeProvider(port);
if (values['any-symbol']) provider.replay.chartFallback = 'THYAO.IS';
console.log(`fake market provider listening on ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
