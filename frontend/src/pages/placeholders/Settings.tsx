import { UpcomingScreen } from './UpcomingScreen.tsx';

export default function SettingsScreen() {
  return <UpcomingScreen title="API Connections" description="API keys, data enrichment and AI connection settings will be managed here once this screen is released." />;
}
