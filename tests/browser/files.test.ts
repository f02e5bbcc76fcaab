import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';
import { useBrowser, navigation, openPage, signIn, UI_TIMEOUT_MS } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;

describe('files processing', () => {
  const browser = useBrowser();

  it('uploads a meter file, previews it without writing, imports it and shows its outcome', async () => {
    const { accounts } = testEnvironment();
    const admin = (await login('premiumAdministrator')).user.jwt;
    const technicalId = `NAV-${randomUUID().slice(0, 8)}`;
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: `Sous-compteur ${technicalId}`, technical_id: technicalId, resource: 'electricity', series_type: 'measure', unit: 'kWh', location: ['loc-grenoble'] },
    });
    expect(created.status).toBe(200);
    const name = `releve-${technicalId}.csv`;
    const csv = `technical_id;date;value\n${technicalId};06/11/2026 00:00;12,5\n${technicalId};06/11/2026 01:00;13\n${technicalId};06/11/2026 02:00;pas un nombre\n`;

    const { context, page } = await openPage(browser());
    try {
      await signIn(page, accounts.premiumAdministrator);
      const menu = await navigation(page);
      await menu.getByText('Paramètres', { exact: true }).click();
      await menu.getByText('Client', { exact: true }).click();
      await menu.getByText('Traitement des fichiers', { exact: true }).click();
      await page.waitForURL('**/settings/files', { timeout: UI_TIMEOUT_MS });
      await page.getByText("Format d'import").click();
      await page.getByText(/est lue comme la première \(heure d'été\)/).waitFor();

      // The batch processor needs an expression.
      await page.getByTestId('files-batch-start').click();
      await page.getByText("L'expression régulière doit être définie").waitFor();

      await page.getByTestId('files-upload').locator('..').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('Fichier déposé', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const waiting = page.getByTestId('list-notTreatedFileList').getByRole('row').filter({ hasText: name });
      await waiting.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await waiting.innerText()).toMatch(/\d+ o/);

      await waiting.getByRole('button', { name: 'Aperçu' }).click();
      const preview = page.getByTestId('file-preview');
      await preview.getByTestId('preview-count-new').getByText('2', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await preview.getByTestId('preview-count-rejected').innerText()).toBe('1');
      await preview.getByText('La valeur n\'est pas un nombre').waitFor();
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/files-preview.png` });
      await preview.getByTestId('preview-import').click();

      const treated = page.getByTestId('list-treatedFileList').getByRole('row').filter({ hasText: name });
      await treated.waitFor({ timeout: 60_000 });
      await treated.getByText(/3 lignes : 2 écrites, 0 inchangées, 1 rejetées/).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('list-notTreatedFileList').getByRole('row').filter({ hasText: name }).count()).toBe(0);
      await treated.getByRole('button', { name: 'Télécharger les lignes rejetées' }).waitFor();
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/files.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
