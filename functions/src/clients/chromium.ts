import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { config } from '../config';

/**
 * Chromium without a display, sandbox or network chatter (a closed network refuses Google's
 * hosts at every start otherwise).
 */
const LOCAL_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];

/** Lambda's temporary folder, the one the fonts.conf that @sparticuz/chromium unpacks names. */
const LAMBDA_TMP = '/tmp';

/**
 * The environment of the Lambda build of Chromium. @sparticuz/chromium unpacks its binary, fonts
 * and libraries into the temporary folder, and its fonts.conf names /tmp/fonts; where the folder is
 * another (the emulator gives each of its instances its own), fontconfig is given a file naming
 * it, or every text would print blank.
 */
const lambdaBuildEnvironment = (): NodeJS.ProcessEnv => {
  const folder = tmpdir();
  if (folder === LAMBDA_TMP) return process.env;
  const file = join(folder, 'wattwise-fonts.conf');
  const written = `${file}.${process.pid}`;
  writeFileSync(
    written,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(folder, 'fonts')}</dir>\n  <cachedir>${join(folder, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
  );
  // Renamed into place: a printing in another instance never reads half a file.
  renameSync(written, file);
  return { ...process.env, FONTCONFIG_FILE: file };
};

/**
 * A browser for one printing. Where `CHROMIUM_PATH` names a Chromium on the machine (an emulator
 * told so) that one; otherwise the Lambda build of @sparticuz/chromium, which the function's layer
 * carries (never bundled: its binary is unpacked at run time), on AWS and in the emulator alike.
 */
export const launchChromium = async (): Promise<Browser> => {
  if (config.CHROMIUM_PATH) return puppeteer.launch({ executablePath: config.CHROMIUM_PATH, headless: true, args: LOCAL_ARGS });
  const { default: chromium } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  return puppeteer.launch({ executablePath, args: chromium.args, headless: 'shell', env: lambdaBuildEnvironment() });
};
