import { describe, expect, it } from 'vitest';
import { login, newPage, shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession({ page: false });

describe('System › API keys', () => {
  it('creates a key whose secret works as HTTP Basic credentials, shown only once', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await openRoute(page, `${e2e.node.url}#/api-key`);
    await page
      .getByRole('button', { name: /^(plus )?Create$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('ci_reader');
    await dialog.getByLabel('Description').fill('read-only automation');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const key = (await page.getByTestId('created-api-key').innerText()).trim();
    const secret = (await page.getByTestId('created-api-secret').innerText()).trim();
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    await shot(page, 'api-key-secret-light-en');

    const basic = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
    const ok = await fetch(`${e2e.node.url}api/v5/nodes`, { headers: { authorization: basic } });
    expect(ok.status).toBe(200);
    const bad = await fetch(`${e2e.node.url}api/v5/nodes`, { headers: { authorization: `Basic ${Buffer.from(`${key}:wrong`).toString('base64')}` } });
    expect(bad.status).toBe(401);
    expect((await bad.json()).code).toBe('BAD_API_KEY_OR_SECRET');

    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('cell', { name: 'ci_reader', exact: true }).waitFor();
    // the secret is not in the page any more once the modal is closed
    expect(await page.getByText(secret).count()).toBe(0);
    await shot(page, 'api-keys-light-en');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByText('中文', { exact: true }).click();
    await page.getByRole('button', { name: '主题' }).click();
    await page.getByText('深色', { exact: true }).click();
    await page.getByText('永不过期').first().waitFor();
    await shot(page, 'api-keys-dark-zh');
    await context.close();
  });
});
