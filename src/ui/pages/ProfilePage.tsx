import { PageTitle } from './PageTitle';

export function ProfilePage() {
  return <PageTitle title="Profile" />;
}
