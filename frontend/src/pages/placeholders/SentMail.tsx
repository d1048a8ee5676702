import { UpcomingScreen } from './UpcomingScreen.tsx';

export default function SentMailScreen() {
  return <UpcomingScreen title="Sent Mailbox" description="Every email you send from Charterline will be listed here once this screen is released." />;
}
