/**
 * Writes generated fictional resorts: `npx tsx scripts/generate-data.ts [--count 36] [--seed 2026] [--out data/resorts.json]`.
 * The committed sample was made with the defaults.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { exitCodeFor } from './cli/exit-codes.ts';
import { parseFlags } from './cli/process.ts';
import { generateResorts } from './dataset/generate.ts';
import { RegionsFile } from './dataset/schema.ts';

export const SAMPLE_IDS = [
  20, 25, 60, 101, 117, 136, 155, 172, 189, 205, 218, 251, 266, 283, 297, 310, 324, 339, 352, 368, 381, 395,
  412, 428, 441, 456, 470, 487, 503, 519, 534, 548, 561, 577, 590, 606,
];

const USAGE =
  'npx tsx scripts/generate-data.ts [--count 36] [--seed 2026] [--out data/resorts.json]: writes generated fictional resorts';

let values: { help?: boolean; count: string; seed: string; out: string };
try {
  values = parseFlags(process.argv.slice(2), {
    count: { type: 'string', default: '36' },
    seed: { type: 'string', default: '2026' },
    out: { type: 'string', default: 'data/resorts.json' },
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(exitCodeFor(error));
}
const count = Number(values.count);
const seed = Number(values.seed);
if (values.help) {
  console.log(USAGE);
} else if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('--count must be a positive whole number and --seed a whole number');
  process.exitCode = 2;
} else {
  const regions = RegionsFile.parse(JSON.parse(await readFile('data/regions.json', 'utf8'))).regions;
  const resorts = generateResorts({ count, seed, regions, ids: SAMPLE_IDS });
  const notice =
    'SAMPLE DATA: fictional resorts in real regions, made by scripts/generate-data.ts. Units are metric; times are relative to the moment of the request.';
  await writeFile(values.out, JSON.stringify({ notice, resorts }, null, 2) + '\n');
  console.log(`wrote ${resorts.length} resorts to ${values.out}`);
}
