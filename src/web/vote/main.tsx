import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VoteApp } from './components/vote-app.js';
import { ToastProvider } from './components/toast.js';
import { applyStoredTheme, readBoot } from './lib/boot.js';
import { I18nProvider, loadCatalogue, preferredLocale, readInlinedCatalogue, type Catalogue } from './lib/i18n.js';
import './vote.css';

// The public vote page's own entry (vote.html): plain React and this folder, nothing of the
// operator app, so a phone on a mobile network loads little before it can vote.
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

function render(catalogue: Catalogue) {
  document.documentElement.lang = catalogue.locale;
  createRoot(container!).render(
    <StrictMode>
      <I18nProvider initial={catalogue}>
        <ToastProvider>
          <VoteApp boot={readBoot()} />
        </ToastProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

// The server inlines the chosen language's texts; without them (the dev server) they load first.
const inlined = readInlinedCatalogue();
if (inlined) render(inlined);
else void loadCatalogue(preferredLocale()).catch(() => loadCatalogue('en')).then(render);
