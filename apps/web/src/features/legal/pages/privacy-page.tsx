import { LegalText } from '../components/legal-text';

export function PrivacyPage() {
  return <LegalText page="privacy" />;
}
