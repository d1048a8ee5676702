import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { warmUpFirstScreen } from './boot.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Charterline cannot start: the page has no #root element.');
warmUpFirstScreen();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
