import { AiOperationsPage } from '@/features/admin-ai-operations/components/ai-operations-page';

/** /admin/ai-unified: the AI operations centre, for every staff member (acting needs ai_management). */
export default function AdminAiUnifiedRoute() {
  return <AiOperationsPage />;
}
