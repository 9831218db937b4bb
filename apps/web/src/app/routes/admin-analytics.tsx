import { BiPage } from '@/features/admin-bi/components/bi-page';

/** /admin/analytics: Business Intelligence, behind business_metrics (spec §2). */
export default function AdminAnalyticsRoute() {
  return <BiPage />;
}
