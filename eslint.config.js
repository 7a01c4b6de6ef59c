import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Keeps the three zones apart: web and server never import each other; shared imports neither. */
const zoneRule = (...zones) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: zones.map((zone) => ({
        group: [`**/${zone}/*`, `**/${zone}`],
        message: `Code in this zone must not import from src/${zone}; move what both need to src/shared.`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.test-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...zoneRule('server') },
  },
  { files: ['src/server/**/*.{ts,tsx}'], rules: zoneRule('web') },
  { files: ['src/shared/**/*.ts'], rules: zoneRule('web', 'server') },
);
