import { PrivacyNoticePage } from '@/features/auth/components/privacy-notice-page';

export default function PrivacyNoticeRoute() {
  return <PrivacyNoticePage />;
}
