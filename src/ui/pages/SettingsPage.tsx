import { PageTitle } from './PageTitle';

export function SettingsPage() {
  return <PageTitle title="Settings" />;
}
