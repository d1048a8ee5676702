import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noFrontend = { group: ['**/frontend/**'], message: 'The server does not import the frontend: move what both sides need to domain/.' };
const noBackend = { group: ['**/backend/**', '**/projections/**'], message: 'The frontend does not import the server: move what both sides need to domain/.' };
const domainStandsAlone = { group: ['**/backend/**', '**/projections/**', '**/frontend/**'], message: 'domain/ is shared by both sides and imports neither.' };
const noProjections = { group: ['**/projections/**'], message: 'The event store knows nothing of projections: wire them in backend/src/compose.ts.' };
const noHttp = { group: ['**/http/**'], message: 'Deciders and the command machinery do not know HTTP: throw a domain error from commands/errors.ts.' };

/** One `no-restricted-imports` entry per folder; where folders overlap the later entry wins, so each lists every group it needs. */
function importBoundaries(boundaries) {
  return boundaries.map(({ files, forbid }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: forbid }] } }));
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'frontend/dist/**', 'backend/dist/**', 'data/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The dependency direction: domain/ imports neither side; backend/ and frontend/ import domain/ and
  // never each other; projections/ sit on the backend's events and store; only backend/src/compose.ts
  // joins the event store to them; deciders and the command machinery know nothing of HTTP.
  ...importBoundaries([
    { files: ['backend/**/*.ts', 'projections/**/*.ts', 'bench/**/*.ts'], forbid: [noFrontend] },
    { files: ['frontend/**/*.{ts,tsx}'], forbid: [noBackend] },
    { files: ['domain/**/*.ts'], forbid: [domainStandsAlone] },
    { files: ['backend/src/eventstore/**/*.ts'], forbid: [noFrontend, noProjections] },
    { files: ['backend/src/**/decider.ts', 'backend/src/commands/**/*.ts', 'backend/src/outreach/ownership.ts'], forbid: [noFrontend, noHttp] },
  ]),
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  // CommonJS files (configuration a tool reads with require()).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
