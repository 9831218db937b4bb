// The local fake market provider, standalone (for e2e, benches and trying the real-feed path offline):
//   node --import tsx test/fake-provider/cli.ts [--port 3350] [--any-symbol] [--splits THYAO:2026-11-18:2:1,…]
// then start the server with MARKET_FEED=auto (or yahoo) and MARKET_PROVIDER_URL=http://127.0.0.1:3350.
// --any-symbol answers a chart for every symbol (symbols without a recording get THYAO's recorded chart).
// --splits adds splits (symbol:date:numerator:denominator) to the recorded charts' events.
import { parseArgs } from 'node:util';
import { startFakeProvider } from './fake-provider.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3350' },
    'any-symbol': { type: 'boolean', default: false },
    splits: { type: 'string', default: '' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port: must be a port number');
  process.exit(1);
}
const splits = values.splits
  .split(',')
  .filter((item) => item !== '')
  .map((item) => {
    const [symbol = '', date = '', numerator = '', denominator = ''] = item.split(':');
    const split = { symbol, date, numerator: Number(numerator), denominator: Number(denominator) };
    if (
      !/^[A-Z0-9]+$/.test(symbol) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      !(split.numerator > 0) ||
      !(split.denominator > 0)
    ) {
      console.error(`--splits: "${item}" is not symbol:YYYY-MM-DD:numerator:denominator`);
      process.exit(1);
    }
    return split;
  });
const provider = await startFakeProvider(port);
provider.replay.recordedSplits = splits;
if (values['any-symbol']) provider.replay.chartFallback = 'THYAO.IS';
console.log(`fake market provider listening on ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
