// Payment providers: the subscription service charges through this interface and stores only what comes back (an
// amount and the provider's reference) — never card data. The one provider in this repository is the demo provider,
// created only in demo mode; it takes no money and says so.
import { randomUUID } from 'node:crypto';

export interface ChargeResult {
  provider: string;
  providerRef: string;
}

export interface PaymentProvider {
  /** Name stored with every payment and shown to staff. */
  readonly name: string;
  /** Shown next to the plan choice, e.g. that nothing is really charged. */
  readonly label: string;
  charge(request: {
    userId: string;
    amountKurus: number;
    taxKurus: number;
    description: string;
  }): Promise<ChargeResult>;
}

/** Demo mode only: accepts every charge without taking money. */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  readonly label = 'Demo ödeme — gerçek ödeme alınmaz';
  async charge(): Promise<ChargeResult> {
    return { provider: this.name, providerRef: `demo-${randomUUID()}` };
  }
}
