import { UpcomingScreen } from './UpcomingScreen.tsx';

export default function TargetsScreen() {
  return <UpcomingScreen title="Targets" description="Your target banks with their notes, tags, contacts and tasks will be listed here once this screen is released." />;
}
