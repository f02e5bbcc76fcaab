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

/**
 * A browser for one printing. Where `CHROMIUM_PATH` names a Chromium on the machine (the
 * emulator, which runs functions with the machine's node) that one; on AWS the Lambda build of
 * @sparticuz/chromium, which the function's layer carries (never bundled: its binary is unpacked
 * at run time).
 */
export const launchChromium = async (): Promise<Browser> => {
  if (config.CHROMIUM_PATH) return puppeteer.launch({ executablePath: config.CHROMIUM_PATH, headless: true, args: LOCAL_ARGS });
  const { default: chromium } = await import('@sparticuz/chromium');
  return puppeteer.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: 'shell' });
};
