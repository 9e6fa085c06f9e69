// ESLint: React hooks and Next.js rules, plus a few core rules that hold for TypeScript.
// TypeScript is parsed by Babel (@babel/eslint-parser + @babel/preset-typescript), which does not need
// the `typescript` package's JavaScript API (TypeScript 7 has none). Babel's scope analysis does not
// see type-only names, so no-unused-vars and no-undef stay off: `tsc --noEmit` covers both.
import babelParser from "@babel/eslint-parser";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import appLinks from "./eslint-app-links.mjs";

const babelOptions = (presets) => ({
  requireConfigFile: false,
  babelOptions: { babelrc: false, configFile: false, presets },
});

export default [
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "db/migrations/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      ".data/**",
    ],
  },
  {
    files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      "react-hooks": reactHooks,
      "@next/next": nextPlugin,
      "app-links": appLinks,
    },
    rules: {
      // The plugin's recommended set: rules-of-hooks, exhaustive-deps (raised to an error) and,
      // since v7, the React Compiler's rules (purity, refs, set-state-in-render, ...).
      ...reactHooks.configs.flat.recommended.rules,
      "react-hooks/exhaustive-deps": "error",
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // no-html-link-for-pages misses static App Router pages (see eslint-app-links.mjs)
      "app-links/no-html-link-for-app-pages": "error",

      "no-unused-vars": "off",
      "no-undef": "off",
      "no-debugger": "error",
      "no-dupe-keys": "error",
      "no-dupe-else-if": "error",
      "no-duplicate-case": "error",
      "no-unreachable": "error",
      "no-constant-condition": ["error", { checkLoops: false }],
      "no-self-assign": "error",
      "no-cond-assign": "error",
      "no-unsafe-finally": "error",
      "no-sparse-arrays": "error",
      "use-isnan": "error",
      "valid-typeof": "error",
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      // a `let` that closures read before its one assignment (a timer set after its handlers) stays a `let`
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["**/*.{ts,mts,cts}"],
    languageOptions: {
      parser: babelParser,
      parserOptions: babelOptions([["@babel/preset-typescript", { onlyRemoveTypeImports: true }]]),
    },
  },
  {
    files: ["**/*.tsx"],
    languageOptions: {
      parser: babelParser,
      parserOptions: babelOptions([
        ["@babel/preset-typescript", { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }],
        ["@babel/preset-react", { runtime: "automatic" }],
      ]),
    },
  },
];
