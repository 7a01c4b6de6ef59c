import { beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug the assertions did not look for; make it fail the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
