import { Admin } from 'react-admin';

export function App() {
  return <Admin disableTelemetry />;
}
