/**
 * Makes the server tests' PGlite templates (test/global-setup.ts) ahead of `npm test`, which then finds them: CI runs
 * this beside the type check, which keeps one core busy, instead of at the start of the tests, where it kept the other
 * waiting. `node --import tsx apps/server/test/prepare-templates.ts`
 */
import { preparedTemplates } from './global-setup';

await preparedTemplates();
