import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VoteApp } from './components/vote-app.js';
import { ToastProvider } from './components/toast.js';
import { applyStoredTheme, readBoot } from './lib/boot.js';
import './vote.css';

// The public vote page's own entry (vote.html): plain React and this folder, nothing of the
// operator app, so a phone on a mobile network loads little before it can vote.
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ToastProvider>
      <VoteApp boot={readBoot()} />
    </ToastProvider>
  </StrictMode>,
);
