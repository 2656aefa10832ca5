import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/**
 * Server modules meet only through each other's public face, `service.ts`: a module never imports another
 * module's routes, repository or helpers. One block per folder of server/src/modules, so the rule knows
 * which folder is "other"; shared layers (lib, db, ledger, adapters, settings, contract) stay open.
 */
const serverModules = readdirSync(new URL('./server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModuleBoundaries = serverModules.map((name) => ({
  files: [`server/src/modules/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: serverModules
          .filter((other) => other !== name)
          .map((other) => ({
            group: [`../${other}/*`, `!../${other}/service.js`],
            message: `Import the ${other} module only through ../${other}/service.js, its public face.`,
          }))
          .concat({
            group: ['../../modules/*/*', '!../../modules/*/service.js'],
            message: 'Import a module from its neighbour as ../<module>/service.js, its public face.',
          }),
      },
    ],
  },
}));

/**
 * Site boundaries (conventions.md): a feature imports no other feature and no route (what features share
 * lives in `src/ui` or `src/lib`; screens of several features are composed in `src/routes`), and
 * `src/ui` and `src/lib` import no feature. The staff console (`src/staff`, a second app) imports no
 * member feature or route, and nothing of the member app imports it. The import path is resolved, so
 * `../x`, `../../features/x` and lazy `import()` all count.
 */
const features = path.resolve('src/features');
const routes = path.resolve('src/routes');
const staff = path.resolve('src/staff');
const within = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const siteBoundaries = {
  rules: {
    'site-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          cross: '{{from}} may not import {{to}}: move what is shared to src/ui or src/lib, or compose it in src/routes.',
          staff: '{{from}} may not import {{to}}: the staff console and the member app share only src/ui, src/lib and contract/.',
        },
      },
      create(context) {
        const from = context.filename;
        const own = within(from, features) ? path.join(features, path.relative(features, from).split(path.sep)[0]) : null;
        const check = (node) => {
          const source = node.source;
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(from), source.value);
          const data = { from: path.relative('.', from), to: source.value };
          const fromStaff = within(from, staff);
          const apart = fromStaff ? within(target, features) || within(target, routes) : within(target, staff);
          if (apart) return context.report({ node: source, messageId: 'staff', data });
          const crosses = within(target, routes) || (within(target, features) && !(own && within(target, own)));
          if (crosses) context.report({ node: source, messageId: 'cross', data });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'releases/',
      'build/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/routeTree.gen.ts',
      'src/locales/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'lingui/no-unlocalized-strings': 'off',
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/staff/**/*.{ts,tsx}'],
    plugins: { 'site-boundaries': siteBoundaries },
    rules: { 'site-boundaries/site-imports': 'error' },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  ...serverModuleBoundaries,
);
