import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { filePath } from '../../scripts/api/paths.ts';
import { loadDataset } from '../../scripts/dataset/load.ts';
import { resortFiles } from '../../widget/card/files.ts';

describe('the files the element reads', () => {
  it('are where the snapshot writes them, for every resort, locale and number of days', async () => {
    const dataset = await loadDataset('data');
    const ids = [...dataset.resorts.map((r) => r.id), 1, 9_999_999_999];
    let checked = 0;
    for (const locale of SUPPORTED_LOCALES) {
      for (const id of ids) {
        for (let days = 0; days <= 5; days++) {
          const resortId = String(id);
          expect(resortFiles(locale, id, days)).toEqual([
            filePath({ endpoint: 'combinedreport', locale, params: { resortId } }),
            filePath({ endpoint: 'a.resort.snowreport', locale, params: { resortId } }),
            filePath({ endpoint: 'forecast', locale, params: { resortId, N: String(days) } }),
            filePath({ endpoint: 'attribution', locale }),
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBe(SUPPORTED_LOCALES.length * ids.length * 6);
  });
});
