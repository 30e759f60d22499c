#!/usr/bin/env node
// The package's `bin`: the command line `npm pack` compiles (lib/scripts/cli/main.js), or, in a clone of
// the repository, where nothing is compiled, its TypeScript sources through tsx (a development
// dependency), so that `npx resort-conditions …` answers the same in both (scripts/README.md, "Commands").
import { existsSync } from 'node:fs';

const compiled = new URL('../../lib/scripts/cli/main.js', import.meta.url);
const { runFromProcess } = existsSync(compiled)
  ? await import(compiled.href)
  : await (await import('tsx/esm/api')).tsImport('../cli/main.ts', import.meta.url);
await runFromProcess();
