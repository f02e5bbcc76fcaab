import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FtpRetriever } from '@shared/schemas/ftp-retriever';
import type { FileLists } from '@shared/schemas/meter-file';
import { testEnvironment } from '../support/environment';
import { startSftpServer, type FileServer } from '../support/file-servers';
import { callApi, clickCentered, navigation, openPage, signIn, UI_TIMEOUT_MS, useBrowser, webUrl } from './support/browser';

const SCREENSHOTS = process.env.WATTWISE_SCREENSHOTS;
/** A retrieval waits 10 s for new files to settle, and the job may start cold. */
const RETRIEVAL_TIMEOUT_MS = 60_000;

let root: string;
let sftp: FileServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'ww-sftp-ui-'));
  sftp = await startSftpServer({ root, user: 'releves', password: `pw-${randomUUID()}` });
});

afterAll(async () => {
  await sftp?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('FTP files retrievers', () => {
  const browser = useBrowser();

  it('lets an administrator create an SFTP retriever, run it, see the file it brought and its values, edit and delete it', async () => {
    const { accounts } = testEnvironment();
    const { context, page } = await openPage(browser());
    const technicalId = `UI-SFTP-${randomUUID().slice(0, 8)}`;
    const folder = `/ui-${randomUUID().slice(0, 8)}`;
    mkdirSync(path.join(root, folder));
    try {
      await signIn(page, accounts.premiumAdministrator);
      const point = await callApi<{ _id: string }>(page, 'POST', '/api/v1/points', {
        name: `Compteur SFTP ${technicalId}`,
        technical_id: technicalId,
        resource: 'electricity',
        series_type: 'measure',
        unit: 'kWh',
        location: ['loc-grenoble'],
      });
      writeFileSync(path.join(root, folder, 'compteur.csv'), `technical_id;date;value\n${technicalId};04/11/2026 08:00;41,5\n${technicalId};04/11/2026 09:00;42,5\n`);

      const menu = await navigation(page);
      await menu.getByText('Paramètres', { exact: true }).click();
      await menu.getByText('Client', { exact: true }).click();
      await menu.getByText('Récupération de fichiers FTP', { exact: true }).click();
      await page.waitForURL('**/settings/ftp', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('ftp-create').click();
      await page.waitForURL('**/settings/ftp/create', { timeout: UI_TIMEOUT_MS });

      // The form starts at port 21 and path /; SFTP proposes 22; nothing is saved without the mandatory fields.
      const port = page.getByTestId('ftp-port');
      expect(await port.inputValue()).toBe('21');
      expect(await page.getByTestId('ftp-path').inputValue()).toBe('/');
      await page.getByTestId('ftp-protocol').getByText('SFTP', { exact: true }).click();
      expect(await port.inputValue()).toBe('22');
      await page.getByTestId('ftp-save').click();
      await page.getByTestId('ftp-form-missing').getByText('Tous les champs sont obligatoires').waitFor();

      await page.getByTestId('ftp-host').fill(sftp.host);
      await port.fill(String(sftp.port));
      await page.getByTestId('ftp-user').fill(sftp.user);
      await page.getByTestId('ftp-password').fill(sftp.password);
      await page.getByTestId('ftp-path').fill(folder);
      await page.getByTestId('ftp-interval').click();
      await page.getByRole('option', { name: 'Toutes les 5 minutes', exact: true }).click();
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ftp-create.png`, fullPage: true });
      await page.getByTestId('ftp-save').click();
      await page.getByText('Récupérateur de fichiers FTP enregistré', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForURL('**/settings/ftp', { timeout: UI_TIMEOUT_MS });

      const retrievers = await callApi<FtpRetriever[]>(page, 'GET', '/api/v1/ftp');
      const created = retrievers.find((retriever) => retriever.path === folder)!;
      expect(created).toMatchObject({ isSftp: true, port: sftp.port, timeInterval: 5, has_password: true });
      const row = page.locator(`[data-ftp-id="${created._id}"]`);
      await row.getByText('SFTP', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByText('Toutes les 5 minutes', { exact: true }).waitFor();
      await row.getByText('Jamais exécuté', { exact: true }).waitFor();

      // 'Retrieve now': the list follows the retrieval until it ends.
      await clickCentered(row.getByTestId('ftp-run'));
      await page.getByText('Récupération lancée', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.getByTestId('ftp-files-retrieved').getByText('1 fichier récupéré').waitFor({ timeout: RETRIEVAL_TIMEOUT_MS });
      await row.getByText('OK', { exact: true }).waitFor();
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ftp-list.png`, fullPage: true });

      // The file is in the files processing lists, imported, and its values are stored.
      const lists = await callApi<FileLists>(page, 'GET', '/api/v1/data/not-treated-files');
      const arrived = [...lists.notTreatedFileList, ...lists.inTreatmentFileList, ...lists.treatedFileList].find((file) => file.origin.id === created._id);
      expect(arrived).toMatchObject({ name: 'compteur.csv', origin: { kind: 'sftp' } });
      await menu.getByText('Traitement des fichiers', { exact: true }).click();
      await page.waitForURL('**/settings/files', { timeout: UI_TIMEOUT_MS });
      const treated = page.getByTestId('list-treatedFileList').getByTestId(`file-${arrived!._id}`);
      await treated.getByText(/2 lignes : 2 écrites/).waitFor({ timeout: RETRIEVAL_TIMEOUT_MS });
      expect(await treated.innerText()).toContain('compteur.csv');
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ftp-file-arrived.png`, fullPage: true });
      await expect
        .poll(
          async () =>
            (
              await callApi<{ series: { values: (number | null)[] }[] }>(page, 'POST', '/api/v1/series/query', {
                period_type: 'dateToDate',
                period: 'day',
                sampling: 'day',
                start: '2026-11-04T00:00:00+01:00',
                end: '2026-11-04T23:59:59+01:00',
                points: [{ point: point._id, calculation: 'sum' }],
              })
            ).series[0]?.values[0],
          { timeout: RETRIEVAL_TIMEOUT_MS },
        )
        .toBe(84);

      // And on a dashboard: a chart of the point on that day draws them, a table of it says their sum.
      const tab = await callApi<{ _id: string }>(page, 'POST', '/api/v1/tabs', { name: `Relevés ${technicalId}` });
      const onThatDay = { location: tab._id, period_type: 'dateToDate', start_date: '2026-11-04T00:00:00+01:00', end_date: '2026-11-04T23:59:59+01:00' };
      await callApi(page, 'POST', '/api/v1/widgets', { data: { ...onThatDay, title: 'Courbe SFTP', type: 'chart', sampling: 'hour', points: [{ _id: point._id, calculation: 'sum' }] } });
      await callApi(page, 'POST', '/api/v1/widgets', { data: { ...onThatDay, title: 'Total SFTP', type: 'table', sampling: 'day', points: [{ _id: point._id, calculation: 'sum' }] } });
      await page.goto(webUrl(`/dashboard/releves/${tab._id}`));
      const chart = page.locator('[data-widget-id]', { has: page.getByText('Courbe SFTP', { exact: true }) });
      await chart.locator('[data-widget-ready="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await chart.getByTestId('widget-empty').count()).toBe(0);
      expect(await chart.getByTestId('chart-legend').innerText()).toContain(`Compteur SFTP ${technicalId}`);
      const table = page.locator('[data-widget-id]', { has: page.getByText('Total SFTP', { exact: true }) });
      await table.getByTestId('table-widget').getByText('84', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ftp-values-on-dashboard.png`, fullPage: true });

      // Edit: the password is not shown and, left empty, is kept.
      await page.goto(webUrl('/settings/ftp'));
      await clickCentered(row.getByTestId('ftp-edit'));
      await page.waitForURL(`**/settings/ftp/edit/${created._id}`, { timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('ftp-host').inputValue()).toBe(sftp.host);
      expect(await page.getByTestId('ftp-password').inputValue()).toBe('');
      await page.getByTestId('ftp-active').click({ force: true });
      await page.getByTestId('ftp-save').click();
      await page.waitForURL('**/settings/ftp', { timeout: UI_TIMEOUT_MS });
      await row.getByText('Inactif', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await callApi<FtpRetriever>(page, 'GET', `/api/v1/ftp/${created._id}`)).has_password).toBe(true);

      // Delete, after confirmation.
      await clickCentered(row.getByTestId('ftp-delete'));
      await page.getByTestId('ftp-confirm-delete').click();
      await page.getByText('Récupérateur de fichiers FTP supprimé', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});
