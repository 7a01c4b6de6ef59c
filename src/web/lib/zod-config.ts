import { z } from 'zod';

// zod 4 probes, on the first parse, whether it may compile faster parsers with `new Function`. The
// content security policy forbids eval (script-src 'self'), so the probe files a CSP violation on
// every page of the operator app. Jitless, zod never tries; imported before anything parses.
z.config({ jitless: true });
