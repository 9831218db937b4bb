import { ErasureDonePage } from '@/features/privacy/components/erasure-done-page';

export default function AccountErasedRoute() {
  return <ErasureDonePage />;
}
