// ESLint's recommended rules over the page's modules, the worker and the service worker.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["web/worker.js", "web/boot.js", "web/boot-cache.js", "web/boot-python.js",
      "web/memory-image.js", "web/wasm-data.js", "web/wasm-reuse.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
];
