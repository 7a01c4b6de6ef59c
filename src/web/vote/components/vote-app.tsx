import { useEffect, useState } from 'react';
import type { VotePageData } from '../../../shared/vote-page.js';
import { ApiError, fetchSignedIn, fetchVotePage, type PageTarget } from '../lib/api.js';
import type { Boot } from '../lib/boot.js';
import { InvalidMachine, LoadFailed, MachineNotFound, PageSkeleton } from './page-states.js';
import { VotePage } from './vote-page.js';

type PageState = { status: 'loading' } | { status: 'ok'; data: VotePageData } | { status: 'not-found' } | { status: 'failed' };

/** Which view the path and the server's answer call for. */
export function VoteApp({ boot }: { boot: Boot }) {
  if (boot.target === 'invalid' || boot.inlined?.status === 'invalid') return <InvalidMachine />;
  return <LoadedPage target={boot.target} inlined={boot.inlined} />;
}

function initialState(inlined: Boot['inlined']): PageState {
  if (inlined?.status === 'ok') return { status: 'ok', data: inlined.data };
  if (inlined?.status === 'not-found') return { status: 'not-found' };
  return { status: 'loading' };
}

/** Uses the data inlined in the HTML; without it (e.g. the dev server) asks the API once. */
function LoadedPage({ target, inlined }: { target: PageTarget; inlined: Boot['inlined'] }) {
  const [state, setState] = useState<PageState>(() => initialState(inlined));
  const [signedIn, setSignedIn] = useState(inlined?.signedIn ?? false);
  const [attempt, setAttempt] = useState(0);
  const needsFetch = state.status === 'loading';

  useEffect(() => {
    if (!needsFetch) return;
    const controller = new AbortController();
    fetchVotePage(target, undefined, controller.signal).then(
      (data) => setState({ status: 'ok', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [target, needsFetch, attempt]);

  useEffect(() => {
    if (!inlined) void fetchSignedIn().then(setSignedIn);
  }, [inlined]);

  switch (state.status) {
    case 'loading':
      return <PageSkeleton />;
    case 'not-found':
      return <MachineNotFound machineId={target} />;
    case 'failed':
      return (
        <LoadFailed
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt(attempt + 1);
          }}
        />
      );
    case 'ok':
      return <VotePage target={target} initialData={state.data} signedIn={signedIn} isOwner={inlined?.status === 'ok' && inlined.isOwner} />;
  }
}
