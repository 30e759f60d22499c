/**
 * The stamp of the browser files (scripts/tooling/stamp.ts): a bundle is read as long as none of the files
 * it was made from, nor any file under the folders that make it, has changed, been removed or been added.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER_FOLDER } from '../../scripts/element/browser-files.ts';
import { isFresh, stampOf } from '../../scripts/tooling/stamp.ts';

const root = await mkdtemp(join(tmpdir(), 'rc-stamp-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const write = async (path: string, text: string) => {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
};

/** Stamps the bundle as made now from `read` and the watched folders. */
const stamp = async (read: string[]) =>
  write(`${BROWSER_FOLDER}/stamp.json`, JSON.stringify(await stampOf(root, read)));

describe('the browser files’ stamp', () => {
  it('holds until a source of the bundle changes, goes or comes', async () => {
    await write('widget/card.ts', 'export const a = 1;');
    await write('node-side/shared.ts', 'export const b = 2;');
    await write('package-lock.json', '{}');
    expect(await isFresh(root)).toBe(false); // no stamp: never bundled
    await stamp(['node-side/shared.ts']);
    expect(Object.keys((await stampOf(root, ['node-side/shared.ts'])).inputs)).toEqual([
      'node-side/shared.ts',
      'package-lock.json',
      'widget/card.ts',
    ]);
    expect(await isFresh(root)).toBe(true);

    await write('widget/card.ts', 'export const a = 2;');
    expect(await isFresh(root)).toBe(false); // a watched folder's file changed
    await stamp(['node-side/shared.ts']);
    await write('node-side/shared.ts', 'export const b = 3;');
    expect(await isFresh(root)).toBe(false); // a module the bundle was made from changed
    await stamp(['node-side/shared.ts']);
    await write('widget/i18n/xx.ts', 'export default {};');
    expect(await isFresh(root)).toBe(false); // a file came
    await stamp(['node-side/shared.ts']);
    await rm(join(root, 'node-side/shared.ts'));
    expect(await isFresh(root)).toBe(false); // a file went
    await stamp(['node-side/shared.ts']);
    expect(await isFresh(root)).toBe(true);
    await write('package-lock.json', '{"lockfileVersion":3}');
    expect(await isFresh(root)).toBe(false); // the packages changed
  });
});
