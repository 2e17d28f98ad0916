// ESLint (flat config): typescript-eslint's recommended rules (not type-aware: no type information,
// so the whole repository lints in seconds), React's hooks rules, and the import boundaries of the
// layout in README "Where things live". `npm test` runs it without fixing; `npm run lint` fixes what
// it can. Formatting is Prettier's alone (.prettierrc.json), so no style rule is set here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The feature a repository path belongs to, or null outside web/src/features/. Each direct child
 * folder of features/ is a feature, and so is each child folder of features/staff/, except
 * features/staff/shared/ and files directly in features/staff/: those are shared by the staff
 * features (and only by them).
 */
function featureOf(rel) {
  const match = /^web\/src\/features\/([^/]+)(?:\/([^/]+)(\/.*)?)?$/.exec(rel);
  if (!match) return null;
  const [, feature, child, rest] = match;
  if (feature !== 'staff' || child === undefined) return feature;
  if (child === 'shared' || rest === undefined) return 'staff/shared';
  return `staff/${child}`;
}

const under = (rel, ...folders) => folders.some((folder) => rel === folder || rel.startsWith(`${folder}/`));

/** Each boundary: a name, a message, and whether an import from `from` to `to` (repository paths) crosses it. */
const boundaries = {
  'no-cross-feature': {
    message:
      'Features do not import each other: {{from}} imports {{to}}. Move the shared piece to web/src/components, web/src/lib or web/src/scene (features/staff/shared for the staff screens).',
    crosses(from, to) {
      const a = featureOf(from);
      const b = featureOf(to);
      if (a === null || b === null || a === b) return false;
      return !(b === 'staff/shared' && a.startsWith('staff/'));
    },
  },
  'durable-objects': {
    message: 'Durable Objects do not import worker/services, worker/routes or worker/middleware: {{from}} imports {{to}}.',
    crosses: (from, to) => under(from, 'worker/durable-objects') && under(to, 'worker/services', 'worker/routes', 'worker/middleware'),
  },
  'web-to-worker': {
    message: 'The web app imports worker code only through worker/shared: {{from}} imports {{to}}.',
    crosses: (from, to) => under(from, 'web') && under(to, 'worker') && !under(to, 'worker/shared'),
  },
  'worker-to-web': {
    message: 'Worker code never imports web code: {{from}} imports {{to}}.',
    crosses: (from, to) => under(from, 'worker') && under(to, 'web'),
  },
};

/** A local plugin: one rule per boundary, over every relative import, re-export and dynamic import. */
const boundariesPlugin = {
  rules: Object.fromEntries(
    Object.entries(boundaries).map(([name, { message, crosses }]) => [
      name,
      {
        meta: { type: 'problem', messages: { crosses: message }, schema: [] },
        create(context) {
          const from = path.relative(ROOT, context.filename).split(path.sep).join('/');
          const check = (source) => {
            if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
            const to = path
              .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
              .split(path.sep)
              .join('/');
            if (crosses(from, to)) context.report({ node: source, messageId: 'crosses', data: { from, to } });
          };
          return {
            ImportDeclaration: (node) => check(node.source),
            ExportNamedDeclaration: (node) => check(node.source),
            ExportAllDeclaration: (node) => check(node.source),
            ImportExpression: (node) => check(node.source),
          };
        },
      },
    ]),
  ),
};

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', '.wrangler/', 'test-results/', '.bench/', 'coverage/', 'migrations/', '**/*.d.mts'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Unused variables and imports are errors; a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Reported, not enforced: one missing dependency is deliberate (use-live-price keys on a
      // stand-in for its input), so passing it would change behaviour.
      'react-hooks/exhaustive-deps': 'warn',
      // React Compiler rules that today's screens break in ways only a behaviour change fixes
      // (state set in effects while loading, refs read in render, values changed after a hook saw
      // them): reported as warnings until those screens are rewritten; the other compiler rules
      // of the recommended set are errors.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/immutability': 'warn',
      'react-hooks/refs': 'warn',
    },
  },
  {
    // Control characters in a pattern are deliberate here: Word text markers, terminal colour codes.
    rules: { 'no-control-regex': 'off' },
  },
  {
    // The developer-tools probe is a paused `debugger` statement on purpose (docs/decisions/010).
    files: ['web/src/components/devtools-probe.worker.ts'],
    rules: { 'no-debugger': 'off' },
  },
  {
    // Tests read untyped JSON answers and reach into mocks: `any` is allowed there.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'tests/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'worker/**/*.ts'],
    plugins: { boundaries: boundariesPlugin },
    rules: Object.fromEntries(Object.keys(boundaries).map((name) => [`boundaries/${name}`, 'error'])),
  },
);
