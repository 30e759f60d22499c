import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTree } from '../../../scripts/snapshot/store/folder.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-remove-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('removeTree', () => {
  it('removes a release folder with everything in it, and nothing a link in it points at', async () => {
    const outside = join(root, 'outside');
    mkdirSync(join(outside, 'kept'), { recursive: true });
    writeFileSync(join(outside, 'kept', 'a.json'), '{"a":1}');
    const release = join(root, 'release');
    for (let resort = 1; resort <= 30; resort++) {
      const folder = join(release, 'api', 'en-US', 'resort', String(resort), 'snowreport');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'index.json'), `{"id":${resort}}`);
    }
    mkdirSync(join(release, 'empty', 'deeper'), { recursive: true });
    symlinkSync(outside, join(release, 'link-to-folder'));
    symlinkSync(join(outside, 'kept', 'a.json'), join(release, 'api', 'link-to-file.json'));
    symlinkSync(join(root, 'nowhere'), join(release, 'dangling'));

    await removeTree(release);

    expect(existsSync(release)).toBe(false);
    expect(readFileSync(join(outside, 'kept', 'a.json'), 'utf8')).toBe('{"a":1}');
  });

  it('removes a link to a folder as a link, leaving the folder', async () => {
    const target = join(root, 'target');
    mkdirSync(target);
    writeFileSync(join(target, 'x.json'), '1');
    symlinkSync(target, join(root, 'dist'));

    await removeTree(join(root, 'dist'));

    expect(existsSync(join(root, 'dist'))).toBe(false);
    expect(readFileSync(join(target, 'x.json'), 'utf8')).toBe('1');
  });

  it('removes a single file, and does nothing for a path that is not there', async () => {
    writeFileSync(join(root, 'state.json'), '{}');
    await removeTree(join(root, 'state.json'));
    await removeTree(join(root, 'absent'));
    await removeTree(join(root, 'absent', 'deeper'));
    expect(existsSync(join(root, 'state.json'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });
});
