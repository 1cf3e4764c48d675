import { LegalText } from '../components/legal-text';

export function ImprintPage() {
  return <LegalText page="imprint" />;
}
