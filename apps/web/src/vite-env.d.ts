/// <reference types="vite/client" />

/** Id of this build; the same value is written to dist/build.json ('dev' under the dev server). */
declare const __BUILD_ID__: string;
