import { PageTitle } from './PageTitle';

export function DashboardPage() {
  return <PageTitle title="Dashboard" />;
}
