import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FIGURES } from './figure-definitions.js';

const glossary = readFileSync(new URL('../../docs/glossary.md', import.meta.url), 'utf8');

describe('the figures every screen names', () => {
  test('each is in the glossary under the same name', () => {
    const missing = Object.values(FIGURES)
      .map((figure) => figure.name)
      .filter((name) => !glossary.includes(`**${name}**`));
    expect(missing).toEqual([]);
  });

  test('no two figures share a name', () => {
    const names = Object.values(FIGURES).map((figure) => figure.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
