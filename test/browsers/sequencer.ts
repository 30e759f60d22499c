/**
 * The order of the browser suite's files, two at a time (vite.config.ts): the sweep's first, WebKit's (the
 * slowest to draw) before the others', then the rest, each group as vitest orders it. The sweep's files are a
 * few lines each, and vitest runs a file it has no times for by its size, the largest first: the longest work
 * would start last and leave one core idle at the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (file: TestSpecification) =>
  /[\\/]sweep-webkit/.test(file.moduleId) ? 0 : /[\\/]sweep-/.test(file.moduleId) ? 1 : 2;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
