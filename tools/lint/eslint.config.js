// ESLint's recommended rules over the page's JavaScript (run from the repository's root by
// tests/test_javascript_lint.py): ES modules for the browser, its workers and the service worker.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker } },
    // A parameter named with a leading underscore is there for its place in the signature.
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }] },
  },
];
