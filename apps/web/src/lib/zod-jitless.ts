/**
 * Zod compiles object parsers with `new Function` unless told not to, and finds out whether it
 * may by trying one: under our Content-Security-Policy (no 'unsafe-eval') the browser blocks the
 * try and reports a violation each time a page builds its schemas. Zod's `jitless` skips both.
 * It is read from this global when each schema is built, so this module runs before any other
 * (the first import of main.tsx); e2e/csp.spec.ts fails if a violation comes back.
 */
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig ??= {};
zodConfig.__zod_globalConfig.jitless = true;
