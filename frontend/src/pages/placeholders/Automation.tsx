import { UpcomingScreen } from './UpcomingScreen.tsx';

export default function AutomationScreen() {
  return <UpcomingScreen title="Automation Outreach" description="Email templates and multi-step outreach workflows will be managed here once this screen is released." />;
}
