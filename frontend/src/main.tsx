import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { warmUpFirstScreen } from './boot.ts';
import { keepFocusThroughBusy } from './ui/keepFocusThroughBusy.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Charterline cannot start: the page has no #root element.');
warmUpFirstScreen();
keepFocusThroughBusy();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
