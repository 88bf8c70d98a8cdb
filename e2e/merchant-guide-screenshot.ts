import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 915 };

/**
 * A screenshot for docs/merchant-guide.md: the viewport (1280 x 800, or a 412 px phone), written to
 * docs/images/merchant/<name>.png over the previous run's, as a palette PNG so the committed images
 * stay small. The journeys call it on each page they visit, so the guide shows the pages as they are.
 */
export async function guideScreenshot(page: Page, testInfo: TestInfo, name: string, options: { phone?: boolean; keepScroll?: boolean } = {}) {
  const size = options.phone ? PHONE : DESKTOP;
  const before = page.viewportSize();
  await page.setViewportSize(size);
  // The page from its top, as a reader arrives at it, unless the shot is of what is scrolled to (a dialog).
  if (!options.keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
  // Let the layout settle at the new width before the shot.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  if (options.phone && before) await page.setViewportSize(before);
  const dir = path.join(testInfo.project.testDir, '..', 'docs', 'images', 'merchant');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.png`), await sharp(shot).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toBuffer());
}
