import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { aGlobalZone } from '../../../test/fixtures/configs';
import { setLanguage } from '../../i18n/language';
import GeneralPage from '../../features/mqtt-settings/GeneralPage';

const zone = aGlobalZone({ mqtt: { max_qos_allowed: 2 } });
const doc = (description: string) => ({ components: { schemas: { 'emqx.mqtt': { properties: { max_qos_allowed: { description } } } } } });
const EN = 'Maximum QoS allowed.';
const ZH = '允许的最大 QoS 等级。';

function setup() {
  mockApi('get', '/configs/global_zone', 200, zone);
  const asked = mockApi('get', '/schemas/{name}', 200, (req) => doc(req.url.searchParams.get('lang') === 'zh' ? ZH : EN));
  return { asked, ...renderWithProviders(<GeneralPage />) };
}

async function hoverHelp(user: ReturnType<typeof setup>['user'], label: string) {
  const text = await screen.findByText(label);
  const icon = await waitFor(() => within(text.closest('label')!).getByRole('img', { name: 'question-circle' }));
  await user.hover(icon);
}

describe('help texts in the UI language', () => {
  it('asks /schemas/hotconf with lang=zh and shows the Chinese description in Chinese', async () => {
    setLanguage('zh');
    const { user, asked } = setup();
    await hoverHelp(user, '最大 QoS');
    expect(await screen.findByText(ZH)).toBeInTheDocument();
    expect(screen.queryByText(EN)).not.toBeInTheDocument();
    expect(asked.map((r) => r.url.searchParams.get('lang'))).toEqual(['zh']);
  });

  it('switches with the language toggle', async () => {
    const { user, asked } = setup();
    await hoverHelp(user, 'Max QoS');
    expect(await screen.findByText(EN)).toBeInTheDocument();
    setLanguage('zh'); // what the header's language toggle does
    await hoverHelp(user, '最大 QoS');
    expect(await screen.findByText(ZH)).toBeInTheDocument();
    expect(asked.map((r) => r.url.searchParams.get('lang'))).toEqual(['en', 'zh']);
  });
});
