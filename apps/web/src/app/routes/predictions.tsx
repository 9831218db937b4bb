import { PredictionsPage } from '@/features/predictions/components/predictions-page';

export default function PredictionsRoute() {
  return <PredictionsPage />;
}
