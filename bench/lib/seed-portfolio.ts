// Seeds the bench investor with 50 holdings and 2,000 transactions through the public API (CSV import).
export async function seedBenchPortfolio(base: string, headers: Record<string, string>): Promise<void> {
  const live = (await (await fetch(`${base}/api/market/live-data`)).json()) as {
    data: { symbol: string; price: number }[];
  };
  const symbols = live.data.slice(0, 50);
  const lines = ['date,type,symbol,quantity,price,commission,amount,note'];
  lines.push(`2025-01-02,deposit,,,,,1000000000,bench`);
  let day = new Date('2025-01-03T00:00:00Z');
  const nextDay = () => {
    do day = new Date(day.getTime() + 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
    return day.toISOString().slice(0, 10);
  };
  for (let i = 0; i < 1_999; i += 1) {
    const s = symbols[i % symbols.length]!;
    const date = i % 8 === 0 ? nextDay() : day.toISOString().slice(0, 10);
    // Every 7th row (7 and 50 are coprime, so sells spread over all symbols) sells 1 share of a symbol that was
    // bought 3 at a time on each earlier pass.
    const sell = i >= symbols.length * 2 && i % 7 === 3;
    lines.push(`${date},${sell ? 'sell' : 'buy'},${s.symbol},${sell ? 1 : 3},${s.price.toFixed(2)},1.5,,`);
  }
  const res = await fetch(`${base}/api/portfolio/transactions/import`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv: lines.join('\n') }),
  });
  if (!res.ok) throw new Error(`seeding the bench portfolio failed: ${res.status} ${await res.text()}`);
}
