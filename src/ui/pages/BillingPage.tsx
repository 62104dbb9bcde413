import { PageTitle } from './PageTitle';

export function BillingPage() {
  return <PageTitle title="Billing" />;
}
