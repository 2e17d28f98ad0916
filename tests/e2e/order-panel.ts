import type { Page } from 'playwright-core';

/**
 * Opens 'Complete Your Order' on the calculator once the page has stopped moving. The quote's dispatch
 * dates arrive from the server and are drawn above the panel, pushing it down; Playwright checks the
 * click's target at the press only, so a press on the button and a release after the push is a click
 * on the page beside it, and the panel stays shut (seen in CI on a busy machine).
 */
export async function openOrderPanel(page: Page): Promise<void> {
  await page.getByText('Working out your dispatch date…').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Complete Your Order' }).click();
  await page.locator('#qc-order-body').waitFor();
}
