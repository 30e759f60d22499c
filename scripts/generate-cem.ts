/**
 * Writes `widget/custom-elements.json` with @custom-elements-manifest/analyzer (scripts/site/cem.ts):
 * `npx tsx scripts/generate-cem.ts`.
 */
import { writeFile } from 'node:fs/promises';
import { customElementsJson } from './site/cem.ts';

await writeFile(new URL('../widget/custom-elements.json', import.meta.url), await customElementsJson());
console.log('wrote widget/custom-elements.json');
