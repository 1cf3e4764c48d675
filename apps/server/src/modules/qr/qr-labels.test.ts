import { describe, expect, it } from 'vitest';
import { longestLoopGap } from '../../../test/loop-gap';
import { pdfToBuffer } from '../../platform/pdf';
import { type LabelRun, labelPdf, labelSlot, renderLabels } from './qr.labels';

/** A thousand books' labels, as loadLabels reads them (no database needed to draw them). */
const run: LabelRun = {
  tenantName: 'Türservice Müller GmbH',
  labels: Array.from({ length: 1000 }, (_, i) => ({
    code: (1e12 + i).toString(36),
    title: `Drehtür ${i + 1}`,
    object: `Filiale ${i + 1}`,
    site: `Eingang ${(i % 4) + 1}`,
    manufacturerNo: `HN-${10000 + i}`,
    serial: `SN-${20000 + i}`,
    url: `https://pruefbuch.example.org/qr/${(1e12 + i).toString(36)}`,
  })),
};

describe('label PDF', () => {
  it('lets other work in between while it draws 1,000 labels', async () => {
    // Once before, so that loading pdfkit's font metrics is not measured.
    const one = { ...run, labels: run.labels.slice(0, 1) };
    await pdfToBuffer(await labelPdf(one), (pdf) => renderLabels(pdf, one));
    const { result, maxBusyMs } = await longestLoopGap(async () =>
      pdfToBuffer(await labelPdf(run), (pdf) => renderLabels(pdf, run)),
    );
    expect(result.subarray(0, 5).toString()).toBe('%PDF-');
    // 42 sheets of 24 labels; one sheet takes some 25 ms, the whole run over a second.
    expect(maxBusyMs).toBeLessThan(250);
  });
});

describe('label positions on the sheet', () => {
  it.each([
    [0, 1, { sheet: 0, position: 0, column: 0, row: 0 }],
    [1, 1, { sheet: 0, position: 1, column: 1, row: 0 }],
    [23, 1, { sheet: 0, position: 23, column: 2, row: 7 }],
    [24, 1, { sheet: 1, position: 0, column: 0, row: 0 }],
    [0, 5, { sheet: 0, position: 4, column: 1, row: 1 }],
    [0, 24, { sheet: 0, position: 23, column: 2, row: 7 }],
    [1, 24, { sheet: 1, position: 0, column: 0, row: 0 }],
    [20, 5, { sheet: 1, position: 0, column: 0, row: 0 }],
  ])('label %i with start %i → %o', (index, start, slot) => {
    expect(labelSlot(index, start)).toEqual(slot);
  });
});
