/**
 * Build-time edits of @chakra-ui/react (3.37.0) that cut the work of a first visit. Each one checks
 * that the code still reads as it expects and fails the build otherwise, so an upgrade of Chakra
 * that moves the code cannot silently drop an edit. The edits are pure functions of the file's text
 * (tested in tests/vite-chakra.test.ts); the plugins apply them to the right files.
 */
import type { Plugin } from 'vite';

/** Thrown when a Chakra file no longer reads as an edit expects. */
export class ChakraChangedError extends Error {}

/**
 * Chakra's createSystem makes the theme's global CSS (tokens, reset, globals) as it builds the
 * system: about half its time. A page the server rendered already has that CSS, so the browser never
 * needs it (src/app/ssr-state.ts `withServerGlobals`); made on first read instead, it is made only
 * where it is used.
 */
export function globalCssOnDemand(code: string): string {
  const made = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const out = code
    .replace(made, 'let _global;')
    .replace(
      /^(\s+)_global,$/m,
      '$1get _global() {\n$1  return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n$1},',
    );
  if (!code.includes(made) || !out.includes('get _global()'))
    throw new ChakraChangedError('createSystem no longer makes `_global` as expected');
  return out;
}

/** A function that runs a generator of its steps at once (what the edited functions do when called). */
const atOnce = (signature: string, steps: string) =>
  [
    `function ${signature} {`,
    `  const steps = ${steps};`,
    '  let step = steps.next();',
    '  while (!step.done) step = steps.next();',
    '  return step.value;',
    '}',
  ].join('\n');

/**
 * createSystem is one synchronous call, the longest piece of start-up (~60–170 ms with 4× CPU
 * throttling). Made a generator that stops after merging the configs, within the token dictionary
 * (`dictionaryInSteps`) and after it (`createSystem.steps`), the browser makes the theme in several
 * tasks (src/app/theme/system.ts `makeShopSystem`); `createSystem` itself runs the steps at once, as
 * before.
 */
export function systemInSteps(code: string): string {
  const head = 'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n';
  const dictionaryCall = '  const tokens = createTokenDictionary({\n';
  const dictionaryEnd = '    prefix: cssVarsPrefix\n  });\n';
  if (
    !code.includes(head) ||
    code.split(dictionaryCall).length !== 2 ||
    code.split(dictionaryEnd).length !== 2
  )
    throw new ChakraChangedError('createSystem is not laid out as systemInSteps expects');
  return [
    code
      .replace(
        head,
        () => `${head.replace('function createSystem', 'function* createSystemSteps')}  yield;\n`,
      )
      // The dictionary in its own steps where dictionaryInSteps made them, at once otherwise.
      .replace(
        dictionaryCall,
        () =>
          '  const tokens = yield* (createTokenDictionary.steps ??\n' +
          '    function* (options) { return createTokenDictionary(options); })({\n',
      )
      .replace(dictionaryEnd, () => `${dictionaryEnd}  yield;\n`),
    atOnce('createSystem(...configs)', 'createSystemSteps(...configs)'),
    'createSystem.steps = createSystemSteps;',
    '',
  ].join('\n');
}

/**
 * The token dictionary is about half of createSystem's work. Made a generator of its phases
 * (`createTokenDictionary.steps`): the tokens registered; the pre middlewares and transforms and the
 * conditional tokens; the references; the post middlewares and transforms; the views.
 */
export function dictionaryInSteps(code: string): string {
  const head = 'function createTokenDictionary(options) {\n';
  const build = [
    '  function build() {',
    '    applyMiddlewares("pre");',
    '    applyTransforms("pre");',
    '    addConditionalTokens();',
    '    addReferences();',
    '    expandTokenReferences$1();',
    '    applyMiddlewares("post");',
    '    applyTransforms("post");',
    '    setupViews();',
    '  }',
    '',
  ].join('\n');
  const registered = '  registerTokens();\n';
  const run = '  build();\n  return dictionary;\n}\n';
  if (
    !code.includes(head) ||
    !code.includes(build) ||
    code.split(registered).length !== 2 ||
    !code.includes(run)
  )
    throw new ChakraChangedError('createTokenDictionary is not laid out as dictionaryInSteps expects');
  const stepped = build
    .replace('function build()', 'function* build()')
    .replace('    addReferences();', '    yield;\n    addReferences();')
    .replace('    applyMiddlewares("post");', '    yield;\n    applyMiddlewares("post");')
    .replace('    setupViews();', '    yield;\n    setupViews();');
  return [
    code
      .replace(head, () => 'function* createTokenDictionarySteps(options) {\n')
      .replace(build, () => stepped)
      .replace(registered, () => `${registered}  yield;\n`)
      .replace(run, () => `  yield* build();\n  return dictionary;\n}\n`),
    atOnce('createTokenDictionary(options)', 'createTokenDictionarySteps(options)'),
    'createTokenDictionary.steps = createTokenDictionarySteps;',
    '',
  ].join('\n');
}

/**
 * `@chakra-ui/react/theme`, where the shop takes Chakra's tokens from, also assembles Chakra's default
 * theme config from every component recipe at load (`defaultThemeConfig = defineConfig({…})`, an
 * identity call the bundler cannot see through), which kept all 74 recipes and the anatomies of ~40
 * components the shop never uses in the first load, evaluated before anything else could run.
 * Marked pure, the unused config goes, and with it every recipe the shop does not import.
 */
export function defaultThemeDroppable(code: string): string {
  const out = code.replace(
    'const defaultThemeConfig = defineConfig({',
    'const defaultThemeConfig = /* @__PURE__ */ defineConfig({',
  );
  if (out === code) throw new ChakraChangedError('theme/index.js has no defaultThemeConfig');
  return out;
}

/**
 * The anatomies (the part names of each component) of Chakra and of Zag, under it, are made at load
 * by calls the bundler must keep (`createAnatomy(…).parts(…)`, `anatomy.build()`, `.extendWith(…)`),
 * so the first load made those of ~40 components the shop never shows (date and colour pickers,
 * sliders, tree views…). They are pure: marked so, the unused ones go (0.7 KB gzip, and their work at
 * start-up). Applies to Chakra's anatomy.js and Zag's `*.anatomy.mjs`.
 */
export function anatomiesDroppable(code: string): string {
  const out = code.replace(/= ((?:createAnatomy|[\w$]+\.(?:build|extendWith))\()/g, '= /* @__PURE__ */ $1');
  if (out === code) throw new ChakraChangedError('an anatomy file makes no anatomy');
  return out;
}

/**
 * A plugin applying `edit` to the files whose path (with `/` separators) `matches`; `pkg` names the
 * package in the build error when a file no longer reads as the edit expects.
 */
function fileEdit(
  name: string,
  pkg: string,
  matches: (path: string) => boolean,
  edit: (code: string) => string,
): Plugin {
  return {
    name: `sokoni:${name}`,
    transform(code, id) {
      if (!matches(id.replace(/\\/g, '/'))) return null;
      try {
        return { code: edit(code), map: null };
      } catch (error) {
        if (error instanceof ChakraChangedError) this.error(`${pkg} changed: ${error.message} (${id})`);
        throw error;
      }
    },
  };
}

/** `edit` on one file of Chakra's ESM build, named by its path under dist/esm. */
const chakraEdit = (name: string, file: string, edit: (code: string) => string) =>
  fileEdit(
    `chakra-${name}`,
    '@chakra-ui/react',
    (path) => path.endsWith(`/@chakra-ui/react/dist/esm/${file}`),
    edit,
  );

/** The edits as Vite plugins, in the order they apply. */
export const chakraEdits = (): Plugin[] => [
  chakraEdit('global-css-on-demand', 'styled-system/system.js', globalCssOnDemand),
  chakraEdit('system-in-steps', 'styled-system/system.js', systemInSteps),
  chakraEdit('dictionary-in-steps', 'styled-system/token-dictionary.js', dictionaryInSteps),
  chakraEdit('default-theme-droppable', 'theme/index.js', defaultThemeDroppable),
  chakraEdit('anatomies-droppable', 'anatomy.js', anatomiesDroppable),
  // Each of Zag's anatomy files (`@zag-js/<component>/dist/<component>.anatomy.mjs`).
  fileEdit(
    'zag-anatomies-droppable',
    '@zag-js',
    (path) => /\/@zag-js\/[^/]+\/dist\/[^/]+\.anatomy\.mjs$/.test(path),
    anatomiesDroppable,
  ),
];
