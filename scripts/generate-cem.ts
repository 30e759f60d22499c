/**
 * Writes `widget/custom-elements.json` from the element's JSDoc: `npx tsx scripts/generate-cem.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { customElementsManifest } from './site/manifest-cem.ts';

const source = await readFile('widget/resort-conditions.ts', 'utf8');
await writeFile('widget/custom-elements.json', `${JSON.stringify(customElementsManifest(source), null, 2)}\n`);
console.log('wrote widget/custom-elements.json');
